// A console game loop in C#, like examples/c/game.c: a 15-puzzle played with hints spread over frames
// at a fixed node budget, drawn each move; then a generated puzzle and a pack round trip.
//
//   cargo build --release --lib
//   mcs -unsafe -out:target/game.exe bindings/unity/Runtime/*.cs examples/csharp/Game.cs
//   LD_LIBRARY_PATH=target/release mono target/game.exe

using System;
using System.Text;
using LpHint;

static class Game
{
    static void Draw(Puzzle puzzle, int[] cells)
    {
        puzzle.ReadCells(cells);
        StringBuilder board = new StringBuilder();
        for (int i = 0; i < cells.Length; i++)
        {
            board.Append(cells[i] == 0 ? "  ." : cells[i].ToString().PadLeft(3));
            if (i % puzzle.Width == puzzle.Width - 1) board.Append('\n');
        }
        Console.Write(board.ToString());
    }

    static int Main()
    {
        const uint budget = 200;
        using (Puzzle puzzle = Puzzle.Parse(
            "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"))
        {
            int[] cells = new int[puzzle.Width * puzzle.Height];
            Draw(puzzle, cells);
            int frames = 0, moves = 0;
            for (;;)
            {
                frames++;
                Hint hint;
                Status status = puzzle.NextHint(budget, out hint);
                if (status == Status.InProgress) continue; // next frame
                if (status == Status.AlreadySolved) break;
                if (status != Status.Ok)
                {
                    Console.Error.WriteLine("no hint: " + status);
                    return 1;
                }
                string sentence = puzzle.HintText();
                puzzle.Apply(hint.Move);
                moves++;
                Console.WriteLine("frame " + frames + ": " + sentence + " (" + (hint.MovesLeft - 1) + " left)");
                Draw(puzzle, cells);
            }
            Console.WriteLine((puzzle.IsSolved ? "solved" : "NOT solved") + " in " + moves + " moves, " + frames + " frames of " + budget + " node expansions");
            if (!puzzle.IsSolved) return 1;
        }

        // A generated puzzle, one step a frame.
        using (Generator generator = new Generator("tiles", "preset=hard", 42))
        {
            Puzzle generated;
            uint rating;
            while (generator.Step(500, out generated, out rating) == Status.InProgress) { }
            Console.WriteLine("generated " + generated.Describe() + " (" + rating + " moves)");
            generated.Dispose();
        }

        // A pack: save a position, load it back, and play it.
        byte[] bytes;
        using (Puzzle puzzle = Puzzle.Parse("tiles:3x3:8,6,7,2,5,4,3,0,1"))
        {
            bytes = puzzle.Save();
        }
        using (Pack pack = Pack.Load(bytes))
        using (Puzzle level = pack.Open(0))
        {
            Console.WriteLine("pack: " + pack.Count + " puzzle, " + bytes.Length + " bytes: " + level.Describe());
        }
        return 0;
    }
}
