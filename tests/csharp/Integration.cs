// A game's integration in C#, written from docs/csharp.md alone (tests/it/csharp.rs builds and runs it): an
// 8-puzzle and a Rush Hour level played by hints a frame at a time, one piece followed by its id for the
// whole game; a pack written, loaded back and played along its stored answer at budget 1; a game saved
// mid-level and resumed.
using System;
using System.Collections.Generic;
using System.Linq;
using LpHint;

static class Integration
{
    static int failures;

    static void Check(bool condition, string what)
    {
        if (!condition)
        {
            failures++;
            Console.Error.WriteLine("failed: " + what);
        }
    }

    // The cells holding `value` (a tile's number; a block's id + 1).
    static int[] CellsOf(Puzzle puzzle, int value)
    {
        int[] cells = new int[puzzle.Width * puzzle.Height];
        puzzle.ReadCells(cells);
        return Enumerable.Range(0, cells.Length).Where(i => cells[i] == value).ToArray();
    }

    // Plays `puzzle` to the goal by hints of `budget` nodes a frame, following piece `followed` (its cells
    // hold followed + offset: 1 for blocks, 0 for tiles): it moves exactly when a hint names it, by the
    // hint's from -> to. Returns the moves played.
    static int Play(Puzzle puzzle, uint budget, uint followed, int offset)
    {
        int moves = 0;
        int[] at = CellsOf(puzzle, (int)followed + offset);
        Check(at.Length > 0, "the followed piece is on the board");
        while (true)
        {
            Hint hint;
            Status status = puzzle.NextHint(budget, out hint);
            if (status == Status.InProgress) continue; // the next frame
            if (status == Status.AlreadySolved) break;
            if (status != Status.Ok)
            {
                Check(false, "a hint: " + LpException.LastMessage());
                break;
            }
            puzzle.Apply(hint.Move);
            moves++;
            if (hint.Move.Piece == followed)
                at = offset == 1 ? at.Select(c => c + hint.Move.To - hint.Move.From).ToArray() : new[] { hint.Move.To };
            Check(CellsOf(puzzle, (int)followed + offset).SequenceEqual(at), "piece " + followed + " after move " + moves);
        }
        Check(puzzle.IsSolved, "solved");
        return moves;
    }

    static int Main()
    {
        using (Puzzle tiles = Puzzle.Parse("tiles:3x3:8,6,7,2,5,4,3,0,1"))
            Check(Play(tiles, 300, 5, 0) == 31, "the 8-puzzle in 31 moves");

        const string level = "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
        using (Puzzle rush = Puzzle.Parse(level))
        {
            Check(rush.Describe() == level, "described as written");
            Check(Play(rush, 300, 'H' - 'A', 1) == 51, "Rush Hour in 51 moves");

            // Hint coins on the same level: where to look holds what to move, the words say what to move,
            // the plan starts with the move and replays; a move drops the hint.
            using (Puzzle coins = Puzzle.Parse(level))
            {
                Hint first;
                while (coins.NextHint(1000, out first) == Status.InProgress) { }
                ushort[] region = new ushort[64], piece = new ushort[64];
                int inRegion = coins.ReadHintTierCells(1, region), inPiece = coins.ReadHintTierCells(2, piece);
                Check(inPiece > 0 && piece.Take(inPiece).All(c => region.Take(inRegion).Contains(c)), "tier 1 holds tier 2");
                Check(coins.HintTierText(2) == "move the car F", "tier 2 words: " + coins.HintTierText(2));
                Move[] plan = new Move[4];
                int planned = coins.ReadHintPlan(plan);
                Check(planned == 4 && plan[0].Piece == first.Move.Piece && plan[0].To == first.Move.To, "the plan starts with the hint");
                for (int i = 0; i < planned; i++) coins.Apply(plan[i]);
                Check(coins.HintTierText(1) == null, "a move drops the hint");
            }

            // Check my board: two moves from the goal, the player slides 4 down (off every shortest
            // solution); the check, a frame at a time, names that move and the distance it costs.
            using (Puzzle checkedBoard = Puzzle.Parse("tiles:3x3:1,2,3,4,5,6,0,7,8"))
            {
                checkedBoard.Apply(new Move { Piece = 4, From = 3, To = 6 });
                BoardCheck board;
                Status answer;
                while ((answer = checkedBoard.CheckBoard(100, out board)) == Status.InProgress) { }
                Check(answer == Status.Ok && board.FirstWrong == 0 && board.StartDistance == 2 && board.Distance == 3, "the first wrong move");
                Check(board.LostAt == -1 && board.Exact && checkedBoard.ReadCheckCells(new ushort[8]) == 0, "nothing lost");
            }

            // The trivial steps of a Linjat puzzle: the rule "cover" alone (reason 2) draws the 4, which
            // solves it.
            using (Puzzle logic = Puzzle.Parse("linjat:4x4:..../..../o..4/...."))
            {
                Move[] steps = new Move[100];
                int played;
                Status done;
                while ((done = logic.TrivialSteps(20, steps, out played, 100, 2)) == Status.InProgress) { }
                Check(done == Status.Ok && played == 1 && steps[0].Piece == 0 && logic.IsSolved, "the trivial step solves it");
            }
        }

        // A pack of generated Rush Hour levels, loaded back and played along the stored answers at budget 1.
        var ratings = new List<uint>();
        byte[] bytes;
        using (var writer = new PackWriter())
        using (var generator = new Generator("blocks", "preset=rush-easy", 7))
        {
            while (ratings.Count < 3)
            {
                Puzzle made;
                uint rating;
                Status status = generator.Step(300, out made, out rating);
                if (status == Status.Ok)
                {
                    using (made) writer.Add(made, rating, "level " + (ratings.Count + 1), "easy");
                    ratings.Add(rating);
                }
                else if (status != Status.InProgress)
                {
                    Console.Error.WriteLine("generator: " + LpException.LastMessage());
                    return 1;
                }
            }
            bytes = writer.ToBytes();
        }
        using (Pack pack = Pack.Load(bytes))
        {
            Check(pack.Count == 3, "three levels");
            for (int i = 0; i < pack.Count; i++)
            {
                using (Puzzle puzzle = pack.Open(i))
                {
                    Check(pack.Rating(i) == ratings[i] && pack.Label(i, "tier") == "easy", "rating and tier");
                    Check(Play(puzzle, 1, 0, 1) == ratings[i], "level " + i + " along its stored answer");
                }
            }
        }

        // Saved after three moves and resumed: the same position, every car under its own letter.
        using (Puzzle saved = Puzzle.Parse(level))
        {
            for (int i = 0; i < 3; i++)
            {
                Hint hint;
                while (saved.NextHint(300, out hint) == Status.InProgress) { }
                saved.Apply(hint.Move);
            }
            using (Pack one = Pack.Load(saved.Save()))
            using (Puzzle resumed = one.Open(0))
            {
                Check(resumed.Describe() == saved.Describe(), "resumed as saved");
                Check(Play(resumed, 300, 'H' - 'A', 1) == 48, "the rest in 48 moves");
            }
        }
        Console.WriteLine("integration: " + failures + " failures");
        return failures == 0 ? 0 : 1;
    }
}
