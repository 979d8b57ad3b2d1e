// C# tests of the bindings, run under Mono by tests/it/csharp.rs.
// `Tests.exe` runs every check and prints "N passed, M failed"; `Tests.exe hints DESC BUDGET` plays DESC
// with hints at BUDGET nodes a frame and prints the moves (compared with the Rust API's by the harness).

using System;
using System.Text;
using LpHint;

static class Tests
{
    static int passed;
    static int failed;

    const string Hardest8 = "tiles:3x3:8,6,7,2,5,4,3,0,1";
    const string Korf15 = "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";

    static void Check(bool condition, string what)
    {
        if (condition)
        {
            passed++;
        }
        else
        {
            failed++;
            Console.Error.WriteLine("FAILED: " + what);
        }
    }

    /// Checks that `action` throws LpException with `status` and a message containing `fragment`.
    static void Throws(Status status, string fragment, Action action)
    {
        try
        {
            action();
            Check(false, "expected " + status + " (" + fragment + "), nothing was thrown");
        }
        catch (LpException e)
        {
            Check(e.Status == status && e.Message.Contains(fragment), "expected " + status + " (" + fragment + "), got " + e.Message);
        }
    }

    static void Throws<T>(string what, Action action) where T : Exception
    {
        try
        {
            action();
            Check(false, what + ": expected " + typeof(T).Name);
        }
        catch (T)
        {
            Check(true, what);
        }
    }

    static int PlayHints(string desc, uint budget)
    {
        using (Puzzle puzzle = Puzzle.Parse(desc))
        {
            var moves = new System.Collections.Generic.List<string>();
            Hint hint;
            for (;;)
            {
                Status status = puzzle.NextHint(budget, out hint);
                if (status == Status.InProgress) continue;
                if (status == Status.AlreadySolved) break;
                if (status != Status.Ok) throw new Exception("no hint: " + status);
                moves.Add(hint.Move.ToString());
                puzzle.Apply(hint.Move);
            }
            Console.WriteLine(string.Join(" ", moves.ToArray()));
        }
        return 0;
    }

    static void BadInput()
    {
        Throws(Status.Parse, "column 11", () => Puzzle.Parse("tiles:3x3:1,2"));
        Throws(Status.Parse, "unknown family 'chess'", () => Puzzle.Parse("chess:8x8"));
        Throws<ArgumentNullException>("Parse(null)", () => Puzzle.Parse(null));
        using (Puzzle puzzle = Puzzle.Parse(Hardest8))
        {
            Throws(Status.IllegalMove, "slide 8 is not a legal move here: tile 8 is not next to the blank", () => puzzle.Apply(new Move(8, -1, -1, 0)));
            Check(!puzzle.TryApply(new Move(8, -1, -1, 0)), "TryApply refuses an illegal move");
            Check(puzzle.Describe() == Hardest8, "an illegal move changes nothing");
            Throws(Status.InvalidArgument, "no genetic algorithm for tiles", () => new Ga(puzzle, GaParams.Default, 1));
            Throws(Status.InvalidArgument, "not an LpAlgorithm", () => puzzle.CreateSolver((Algorithm)42, 1000));
        }
        Throws(Status.CorruptData, "too few", () => Pack.Load(new byte[] { 1, 2, 3 }));
        Throws(Status.CorruptData, "not a puzzle pack", () => Pack.Load(new byte[16]));
        Throws(Status.CorruptData, "unknown magic", () => new Tables(new byte[16]));
        Throws(Status.InvalidArgument, "unknown family 'chess'", () => new Generator("chess", "", 1));
        Throws(Status.InvalidArgument, "size: 9 is out of range", () => new Generator("tiles", "size=9x9", 1));
        Puzzle disposed = Puzzle.Parse(Hardest8);
        disposed.Dispose();
        disposed.Dispose();
        Throws<ObjectDisposedException>("a disposed puzzle", () => { Hint h; disposed.TryNextHint(10, out h); });
    }

    static void Solving()
    {
        using (Puzzle puzzle = Puzzle.Parse(Hardest8))
        using (Solver solver = puzzle.CreateSolver(Algorithm.IdaStar, 4096))
        {
            Check(puzzle.FamilyId == 1 && puzzle.Width == 3 && puzzle.Height == 3, "family and size");
            int[] cells = new int[9];
            puzzle.ReadCells(cells);
            Check(cells[0] == 8 && cells[7] == 0 && cells[8] == 1, "cells");
            Throws(Status.InProgress, "not finished", () => solver.Moves());
            while (solver.Step(1000) == Status.InProgress) { }
            Move[] moves = solver.Moves();
            Check(moves.Length == 31, "the hardest 8-puzzle takes 31 moves, got " + moves.Length);
            foreach (Move m in moves) puzzle.Apply(m);
            Check(puzzle.IsSolved, "the solver's moves solve it");
            Check(solver.Expanded > 0, "stats");
            Check(solver.IsOptimal, "IDA* with an admissible heuristic proves its length");
        }
        using (Puzzle puzzle = Puzzle.Parse(Hardest8))
        using (Solver solver = puzzle.CreateSolver(Algorithm.BestFirst, 200000))
        {
            while (solver.Step(1000) == Status.InProgress) { }
            Check(!solver.IsOptimal, "best-first proves nothing");
        }
        // The work of each per-frame call, and which statuses end the search.
        using (Puzzle puzzle = Puzzle.Parse(Hardest8))
        {
            Hint hint;
            Check(puzzle.NextHint(50, out hint) == Status.InProgress && Library.LastWork >= 50 && Library.LastWork <= 66,
                  "a hint call spends its budget: " + Library.LastWork);
            Check(!Status.InProgress.IsFinal() && Status.OutOfNodes.IsFinal() && Status.Ok.IsFinal(), "IsFinal");
            puzzle.SetMemoryLimit(1);
            Check(puzzle.NextHint(30, out hint) == Status.OutOfMemory, "a memory limit too small for the search");
            puzzle.SetMemoryLimit(ulong.MaxValue);
            puzzle.SetNodeLimit(100);
            Status status;
            while ((status = puzzle.NextHint(30, out hint)) == Status.InProgress) { }
            Check(status == Status.OutOfNodes && status.IsFinal(), "the node limit ends the search: " + status);
            Check(puzzle.PartialHint(out hint) == Status.Ok && hint.Reason == Puzzle.PartialReason && !hint.Optimal,
                  "a partial hint after OutOfNodes");
            Check(puzzle.HintText().Contains("closest to the goal"), "labelled partial: " + puzzle.HintText());
            Check(Library.Version == 3, "ABI version");
        }
    }

    static void Generation()
    {
        using (Generator generator = new Generator("tiles", "preset=medium", 7))
        {
            Puzzle puzzle;
            uint rating;
            Status status;
            int frames = 0;
            do
            {
                frames++;
                status = generator.Step(100, out puzzle, out rating);
            } while (status == Status.InProgress);
            Check(status == Status.Ok && puzzle != null && rating >= 11 && rating <= 20, "a medium 8-puzzle, rating " + rating);
            Hint hint;
            while (!puzzle.TryNextHint(1000, out hint)) { }
            Check(hint.MovesLeft == rating && hint.Optimal, "the hint agrees with the rating");
            Check(hint.Reason == 1 && puzzle.HintText().Contains("the first move of a shortest solution"), "an explained hint");
            // Saved and loaded, the stored solution is not vouched for until ProvePlan proves it.
            using (Pack saved = Pack.Load(puzzle.Save()))
            using (Puzzle loaded = saved.Open(0))
            {
                Check(loaded.TryNextHint(1000, out hint) && !hint.Optimal, "a loaded plan is not called optimal");
                Status proof;
                while ((proof = loaded.ProvePlan(500)) == Status.InProgress) { }
                Check(proof == Status.Ok && loaded.TryNextHint(1000, out hint) && hint.Optimal && hint.MovesLeft == rating, "proven, its hints say optimal");
            }
            ushort[] cells = new ushort[16];
            Check(puzzle.ReadHintCells(cells) == 2, "a tile hint concerns the tile and the blank");
            puzzle.Dispose();
        }
        // The registry: a form for every family's parameters can be built from it.
        FamilyInfo[] families = Registry.Families();
        Check(families.Length >= 4 && families[0].Name == "tiles" && families[0].Id == 1, "the registry lists the families");
        foreach (FamilyInfo family in families)
        {
            Check(Array.Exists(family.Params, p => p.Name == "min") && family.Presets.Length >= 4, family.Name + " has a band and presets");
            foreach (Preset preset in family.Presets)
            {
                using (Generator g = new Generator(family.Name, "preset=" + preset.Name, 1)) { }
            }
        }
        Check(Array.Exists(families[0].Options, o => o.Name == "heuristic" && o.Kind == ParamKind.Choice && o.Choices.Length == 3), "options");
        // Rush Hour: a variant of sliding blocks, listed with its notation and presets.
        FamilyInfo blocks = Array.Find(families, f => f.Name == "blocks");
        Check(blocks.Variants.Length == 1 && blocks.Variants[0].Title == "Rush Hour" && blocks.Variants[0].Notation == "rush"
            && blocks.Variants[0].Presets.Length == 3 && blocks.Variants[0].Presets[0] == "rush-easy", "Rush Hour is a variant of blocks");
        Check(Array.TrueForAll(families, f => f.Name == "blocks" || f.Variants.Length == 0), "only blocks has a variant");
    }

    static void GeneticAlgorithm()
    {
        using (Puzzle puzzle = Puzzle.Parse("hargram:4x3:..../..../....:###/#..;#../###;####"))
        {
            GaParams parameters = GaParams.Default;
            parameters.Population = 200;
            parameters.Generations = 60;
            Throws(Status.InvalidArgument, "population must be", () => new Ga(puzzle, new GaParams { Population = 1, Generations = 1, Tournament = 1 }, 1));
            using (Ga ga = new Ga(puzzle, parameters, 7))
            {
                GaReport report;
                Status status;
                while ((status = ga.Step(50, out report)) == Status.InProgress) { }
                Check(status == Status.Ok && report.Found && report.BestFitness == 12 && report.Perfect == 12, "the GA covers the board");
                foreach (Move m in ga.Best()) puzzle.Apply(m);
                Check(puzzle.IsSolved, "its placements solve the puzzle");
            }
        }
        // Simulated annealing on the same genome: stepped and read the same way.
        using (Puzzle puzzle = Puzzle.Parse("hargram:4x3:..../..../....:###/#..;#../###;####"))
        {
            Throws(Status.InvalidArgument, "schedule: iterations is '0': a whole number from 1", () => Ga.Anneal(puzzle, "iterations=0"));
            using (Ga sa = Ga.Anneal(puzzle, "seed=3"))
            {
                GaReport report;
                Status status;
                while ((status = sa.Step(50, out report)) == Status.InProgress) { }
                Check(status == Status.Ok && report.Found && report.BestFitness == 12, "annealing covers the board");
                foreach (Move m in sa.Best()) puzzle.Apply(m);
                Check(puzzle.IsSolved, "its placements solve the puzzle");
            }
        }
        using (Puzzle larger = Puzzle.Parse("hargram:5x4:...../...../...../.....:###/##.;#/#/#;#./##;.#./###/..#;#./##/.#"))
        {
            using (Ga cooled = Ga.Anneal(larger, "iterations=2,restarts=0"))
            {
                GaReport report;
                Check(cooled.Step(100, out report) == Status.NotFound && report.Evaluations == 2, "two evaluations, then cooled");
            }
        }
    }

    static void PackWriting()
    {
        Puzzle first, second;
        uint firstRating, secondRating;
        using (Generator generator = new Generator("tiles", "preset=medium", 4))
        {
            while (generator.Step(100000, out first, out firstRating) == Status.InProgress) { }
            while (generator.Step(100000, out second, out secondRating) == Status.InProgress) { }
        }
        byte[] bytes;
        using (PackWriter writer = new PackWriter())
        {
            writer.Add(first, firstRating, "level 1", "medium");
            writer.Add(second, secondRating);
            Throws(Status.InvalidArgument, "rating", () => writer.Add(first, firstRating + 8));
            Throws(Status.InvalidArgument, "same level as entry #2", () => writer.Add(second, secondRating));
            using (Puzzle again = Puzzle.Parse(second.Describe()))
            {
                Check(again.Fingerprint == second.Fingerprint && again.Fingerprint != first.Fingerprint, "fingerprints tell levels apart");
            }
            using (Puzzle classic = Puzzle.Parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1"))
            {
                ClusterSummary cluster;
                Check(classic.Cluster(1 << 16, out cluster) == Status.Ok && cluster.States == 25955 && cluster.SolvedStates == 964, "the classic's cluster");
                Check(classic.Cluster(1000, out cluster) == Status.OutOfNodes, "a cluster larger than the cap");
            }
            using (Puzzle hargram = Puzzle.Parse("hargram:4x3:..../..../....:###/#..;#../###;####"))
            {
                SolutionCount count = hargram.CountSolutions(100);
                Check(count.All == 4 && count.UpToSymmetry == 1 && !count.Capped && hargram.CountSolutions(1).All == 1, "Hargram solutions counted: " + count.All);
            }
            bytes = writer.ToBytes();
        }
        using (Pack pack = Pack.Load(bytes))
        {
            Check(pack.Count == 2 && pack.Rating(0) == firstRating && pack.Rating(1) == secondRating, "the written pack");
            Check(pack.Label(0, "name") == "level 1" && pack.Label(0, "tier") == "medium" && pack.Label(1, "name") == null, "labels read back");
            using (Puzzle level = pack.Open(1))
            {
                Hint hint;
                Check(level.NextHint(1, out hint) == Status.Ok && hint.MovesLeft == secondRating, "its stored solution answers at once");
            }
        }
        first.Dispose();
        second.Dispose();
        using (Puzzle puzzle = Puzzle.Parse(Hardest8))
        {
            Hint hint;
            int moves = 0;
            Status status;
            while ((status = puzzle.NextHintTimed(300, out hint)) != Status.AlreadySolved)
            {
                if (status != Status.Ok) continue;
                puzzle.Apply(hint.Move);
                moves++;
            }
            Check(moves == 31, "time-bounded hints play the hardest 8-puzzle in 31 moves, got " + moves);
        }
        FamilyInfo[] families = Registry.Families();
        Check(Array.TrueForAll(families, f => f.FrameBudget >= 16) && Array.Find(families, f => f.Name == "linjat").FrameBudget == 300, "frame budgets");
    }

    static void Packs()
    {
        byte[] bytes;
        using (Puzzle puzzle = Puzzle.Parse(Hardest8))
        {
            bytes = puzzle.Save();
        }
        using (Pack pack = Pack.Load(bytes))
        {
            Check(pack.Count == 1 && pack.Rating(0) == 0, "a one-puzzle pack");
            using (Puzzle level = pack.Open(0))
            {
                Check(level.Describe() == Hardest8, "the saved position comes back");
            }
            Throws(Status.InvalidArgument, "past the end", () => pack.Open(1));
        }
        byte[] newer = (byte[])bytes.Clone();
        newer[4] = 9;
        Throws(Status.Version, "format version 9", () => Pack.Load(newer));
        byte[] flipped = (byte[])bytes.Clone();
        flipped[bytes.Length / 2] ^= 1;
        Throws(Status.CorruptData, "checksum", () => Pack.Load(flipped));
    }

    /// TryNextHint every frame for 10,000 frames (with moves played and the board scrambled again when
    /// solved) leaves the managed heap as it was: GC.GetTotalMemory does not grow, and the thread's
    /// allocation counter (precise to the byte, where GetTotalMemory only sees whole chunks) does not move.
    static void NoGarbagePerFrame()
    {
        using (Puzzle puzzle = Puzzle.Parse(Korf15))
        {
            Hint hint;
            int[] cells = new int[16];
            int hinted = 0;
            for (int frame = 0; frame < 50; frame++) puzzle.TryNextHint(20, out hint);
            long before = GC.GetTotalMemory(true);
            long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            int collections = GC.CollectionCount(0);
            for (int frame = 0; frame < 10000; frame++)
            {
                if (puzzle.TryNextHint(20, out hint))
                {
                    puzzle.TryApply(hint.Move);
                    hinted++;
                }
                else if (puzzle.IsSolved)
                {
                    // Slide a tile next to the blank: a new position to hint from.
                    puzzle.ReadCells(cells);
                    int blank = 0;
                    while (cells[blank] != 0) blank++;
                    int neighbour = blank % 4 < 3 ? blank + 1 : blank - 1;
                    puzzle.TryApply(new Move((uint)cells[neighbour], -1, -1, 0));
                }
            }
            long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
            long after = GC.GetTotalMemory(false);
            Check(hinted > 46, "hints arrived over the frames: " + hinted);
            Check(allocated == 0, "10,000 frames allocated " + allocated + " managed bytes");
            Check(after <= before && GC.CollectionCount(0) == collections, "the managed heap grew from " + before + " to " + after);
        }
    }

    static void Blocks()
    {
        // Huarong Dao's classic: B C D F tall (ids 2 3 4 6), E wide (5), G H I J single (7 8 9 10), A the 2x2 (1).
        int[] cells = {
            2, 1, 1, 3,
            2, 1, 1, 3,
            4, 5, 5, 6,
            4, 7, 8, 6,
            9, 0, 0, 10,
        };
        using (Puzzle puzzle = Puzzle.Blocks(4, 5, cells, new[] { new BlocksGoal(1, 3, 1) }))
        {
            int moves = 0;
            Hint hint;
            while (!puzzle.IsSolved)
            {
                while (!puzzle.TryNextHint(100000, out hint)) { }
                Check(hint.MovesLeft == 81 - moves, "hint " + moves + " says " + hint.MovesLeft + " moves left");
                puzzle.Apply(hint.Move);
                moves++;
            }
            Check(moves == 81, "the classic played by hints in 81 free moves, got " + moves);
            long value;
            Check(!puzzle.TryGetFact("cluster_states", out value), "a puzzle not generated carries no facts");
        }
        using (Puzzle puzzle = Puzzle.Blocks(4, 5, cells, new[] { new BlocksGoal(1, 3, 1) }, BlocksCount.Step))
        {
            Hint hint;
            while (!puzzle.TryNextHint(100000, out hint)) { }
            Check(hint.MovesLeft == 116, "116 single steps, got " + hint.MovesLeft);
        }
        // Rush Hour: every car and truck along its long axis, slides counted as moves (Fogleman's 51-move puzzle).
        string rush = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
        int[] cars = Array.ConvertAll(rush.ToCharArray(), c => c == 'o' ? 0 : c - 'A' + 1);
        BlocksAxis[] axes = new BlocksAxis[13];
        for (int i = 0; i < axes.Length; i++) axes[i] = BlocksAxis.Long;
        using (Puzzle puzzle = Puzzle.Blocks(6, 6, cars, new[] { new BlocksGoal(1, 2, 4) }, BlocksCount.Line, axes))
        {
            Hint hint;
            while (!puzzle.TryNextHint(100000, out hint)) { }
            Check(hint.MovesLeft == 51 && puzzle.Describe().StartsWith("rush:"), "Rush Hour's 51 moves, got " + hint.MovesLeft);
        }
        int[] split = (int[])cells.Clone();
        split[19] = 2;
        Throws(Status.InvalidArgument, "connected", () => Puzzle.Blocks(4, 5, split, new[] { new BlocksGoal(1, 3, 1) }));
        Throws(Status.InvalidArgument, "cells", () => Puzzle.Blocks(4, 4, cells, new[] { new BlocksGoal(1, 3, 1) }));
        using (Generator generator = new Generator("blocks", "size=4x4,method=cluster,min=10,max=60", 3))
        {
            Puzzle puzzle;
            uint rating;
            while (generator.Step(10000, out puzzle, out rating) == Status.InProgress) { }
            long states, farthest;
            Check(puzzle.TryGetFact("cluster_states", out states) && states > 1, "a generated layout's cluster, " + states + " states");
            Check(puzzle.TryGetFact("farthest", out farthest) && farthest == rating, "the hardest start of its cluster: " + farthest + " = " + rating);
            puzzle.Dispose();
        }
    }

    static void Sudoku()
    {
        // 2 . 4 . / . 1 . . / . . . . / 1 . . 2: hinted to the end, a digit a hint; a repeated given refused.
        int[] cells = { 2, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2 };
        using (Puzzle puzzle = Puzzle.Sudoku(4, cells))
        {
            Hint hint;
            while (!puzzle.TryNextHint(1000, out hint)) { }
            Check(hint.MovesLeft == 11 && hint.Move.Arg >= 1 && hint.Move.Arg <= 4, "11 digits to write");
            int written = 0;
            while (!puzzle.IsSolved)
            {
                while (!puzzle.TryNextHint(1000, out hint)) { }
                puzzle.Apply(hint.Move);
                written++;
            }
            Check(written == 11, "one digit a hint: " + written);
        }
        using (Puzzle unique = Puzzle.Sudoku(4, cells))
        {
            Check(unique.Solution(0) != null && unique.Solution(1) == null, "a unique puzzle shows one solution");
        }
        // Its last given gone: several solutions, two of them shown.
        cells[15] = 0;
        using (Puzzle ambiguous = Puzzle.Sudoku(4, cells))
        {
            string first = ambiguous.Solution(0), second = ambiguous.Solution(1);
            Check(first != null && second != null && first != second && first.StartsWith("sudoku:2.4..1......1...:"), "two solutions: " + first + " " + second);
            Throws(Status.InvalidArgument, "show 2 of their solutions at most", () => ambiguous.Solution(2));
        }
        cells[3] = 2;
        Throws(Status.InvalidArgument, "row 1 gives the digit 2 twice", () => Puzzle.Sudoku(4, cells));
    }

    static void Linjat()
    {
        // The second tutorial grid: a dot, a 3 and a dot on row 2.
        int[] cells = { 0, 0, 0, 0, 0, 0, 0, 0, -1, 3, -1, 0, 0, 0, 0, 0 };
        using (Puzzle puzzle = Puzzle.Linjat(4, 4, cells))
        {
            Hint hint;
            while (!puzzle.TryNextHint(1000, out hint)) { }
            Check(hint.Reason == 2 && hint.Move.From == 8 && hint.Move.To == 10, "the 3 covers both dots, by the cover rule");
            Check(puzzle.HintText().StartsWith("Only the 3 at row 3, column 2 can reach the dot"), "the hint explains itself: " + puzzle.HintText());
            puzzle.Apply(hint.Move);
            Check(puzzle.IsSolved, "one segment solves it");
        }
        cells[0] = 12;
        Throws(Status.InvalidArgument, "holds 12", () => Puzzle.Linjat(4, 4, cells));
        using (Generator generator = new Generator("linjat", "preset=easy", 5))
        {
            Puzzle puzzle;
            uint rating;
            while (generator.Step(10000, out puzzle, out rating) == Status.InProgress) { }
            int moves = 0;
            Hint hint;
            while (!puzzle.IsSolved)
            {
                while (!puzzle.TryNextHint(1000, out hint)) { }
                puzzle.Apply(hint.Move);
                moves++;
            }
            Check(moves >= 7 && moves <= 10, "an easy Linjat (7 to 10 numbers) played by hints in " + moves);
            puzzle.Dispose();
        }
    }

    /// The 8-puzzle as a game would write it in C#: 9 bytes, the tile on each cell, 0 the blank.
    sealed unsafe class Eight : CustomPuzzle
    {
        public bool Throw;
        /// Successors calls until one throws once (0: never).
        public int FailAt;
        /// Whether the game gives its board, a move's cells and a text form (as C and C++ games can).
        public bool Board;
        public int Max = 4;
        public override int StateSize { get { return 9; } }
        public override int MaxSuccessors { get { return Max; } }
        public override int BoardWidth { get { return Board ? 3 : 0; } }
        public override int BoardHeight { get { return Board ? 3 : 0; } }
        public override bool GivesMoveCells { get { return Board; } }
        public override bool HasTextForm { get { return Board; } }

        public override int MoveCells(byte* state, Move move, ushort* cells, int capacity)
        {
            cells[0] = (ushort)move.From;
            cells[1] = (ushort)move.To;
            return 2;
        }

        public override string Describe(byte* state)
        {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 9; i++) text.Append((char)('0' + state[i]));
            return text.ToString();
        }

        public override bool Parse(string text, byte* state)
        {
            if (text.Length != 9) return false;
            for (int i = 0; i < 9; i++)
            {
                if (text[i] < '0' || text[i] > '8') return false;
                state[i] = (byte)(text[i] - '0');
            }
            return true;
        }

        public override void Successors(byte* state, Successors successors)
        {
            if (Throw) throw new InvalidOperationException("the game's own bug");
            if (FailAt > 0 && --FailAt == 0) throw new TimeoutException("the level server did not answer");
            int blank = 0;
            while (state[blank] != 0) blank++;
            byte* next = stackalloc byte[9];
            for (int d = 0; d < 4; d++)
            {
                int from = d == 0 ? blank - 3 : d == 1 ? blank + 3 : d == 2 ? (blank % 3 > 0 ? blank - 1 : -1) : (blank % 3 < 2 ? blank + 1 : -1);
                if (from < 0 || from > 8) continue;
                for (int i = 0; i < 9; i++) next[i] = state[i];
                next[blank] = next[from];
                next[from] = 0;
                if (!successors.Emit(new Move(state[from], from, blank, 0), next)) return;
            }
        }

        public override bool IsGoal(byte* state)
        {
            for (int i = 0; i < 8; i++) if (state[i] != i + 1) return false;
            return state[8] == 0;
        }

        public override uint Estimate(byte* state)
        {
            uint sum = 0;
            for (int i = 0; i < 9; i++)
            {
                if (state[i] == 0) continue;
                int goal = state[i] - 1;
                sum += (uint)(Math.Abs(i / 3 - goal / 3) + Math.Abs(i % 3 - goal % 3));
            }
            return sum;
        }

        public override string MoveName(Move move)
        {
            return "slide " + move.Piece;
        }

        public override bool CanDraw { get { return true; } }

        /// A random solvable board from the seed: a shuffle, two tiles swapped back when its parity is odd.
        public override void Draw(ulong seed, byte* state)
        {
            ulong x = seed | 1;
            for (int i = 0; i < 9; i++) state[i] = (byte)((i + 1) % 9);
            for (int i = 8; i > 0; i--)
            {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                int j = (int)(x % (ulong)(i + 1));
                byte t = state[i]; state[i] = state[j]; state[j] = t;
            }
            int inversions = 0;
            for (int i = 0; i < 9; i++)
                for (int j = i + 1; j < 9; j++)
                    if (state[i] != 0 && state[j] != 0 && state[i] > state[j]) inversions++;
            if (inversions % 2 == 1)
            {
                int a = state[0] != 0 ? 0 : 2, b = state[1] != 0 ? 1 : 2;
                byte t = state[a]; state[a] = state[b]; state[b] = t;
            }
        }
    }

    /// A solvable 8-puzzle: a random walk from the goal.
    static byte[] RandomBoard(Random random, int steps)
    {
        byte[] s = { 1, 2, 3, 4, 5, 6, 7, 8, 0 };
        int blank = 8;
        for (int k = 0; k < steps; k++)
        {
            int[] options = { blank - 3, blank + 3, blank % 3 > 0 ? blank - 1 : -1, blank % 3 < 2 ? blank + 1 : -1 };
            int to = options[random.Next(4)];
            if (to < 0 || to > 8) continue;
            s[blank] = s[to];
            s[to] = 0;
            blank = to;
        }
        return s;
    }

    /// A counter that must reach 0, whose goal test throws at 7, as a game whose level data is missing.
    sealed unsafe class Throwing : CustomPuzzle
    {
        public override int StateSize { get { return 1; } }
        public override int MaxSuccessors { get { return 1; } }
        public override void Successors(byte* state, Successors successors)
        {
            byte next = (byte)(*state - 1);
            if (*state > 0) successors.Emit(new Move(0, 0, 0, 0), &next);
        }
        public string Message = "level data missing";
        public override bool IsGoal(byte* state)
        {
            if (*state == 7) throw new InvalidOperationException(Message);
            return *state == 0;
        }
    }

    /// One rule for every status: a call that gives a value throws LpException for anything but Ok,
    /// outcomes included (there is no value to give); a call whose outcome is the answer returns every
    /// outcome and throws for errors only.
    static void StatusRule()
    {
        foreach (LpStatus status in Enum.GetValues(typeof(LpStatus)))
        {
            bool valueThrew = false, outcomeThrew = false;
            try { Native.Check(status); } catch (LpException e) { valueThrew = e.Status == (Status)status; }
            try { Check(Native.Outcome(status) == (Status)status, status + " returned as itself"); }
            catch (LpException e) { outcomeThrew = e.Status == (Status)status; }
            Check(valueThrew == (status != LpStatus.LP_OK), status + ": a value call throws unless Ok");
            Check(outcomeThrew == ((uint)status >= 100), status + ": an outcome call throws errors only");
        }
        using (Puzzle puzzle = Puzzle.Parse(Hardest8))
        {
            // No hint yet: NotFound with the engine's words, not an ArgumentOutOfRangeException.
            Check(puzzle.HintText() == null, "no hint yet: HintText is null");
        }
        // A game's exception: its type and message reach the LpException the game catches.
        using (Puzzle counter = Puzzle.Custom(new Throwing(), new byte[] { 9 }))
        {
            Hint hint;
            Status status;
            while ((status = counter.NextHint(10, out hint)) == Status.InProgress) { }
            Check(status == Status.Callback, "a throwing callback is LP_ERR_CALLBACK, got " + status);
            string words = "the is_goal callback failed with code -1: InvalidOperationException: level data missing";
            Check(LpException.LastMessage() == words, "the game's words, got " + LpException.LastMessage());
            // Sticky: a solver of the puzzle says it again.
            using (Solver solver = counter.CreateSolver(Algorithm.AStar, 100))
            {
                Check(solver.Step(10) == Status.Callback && LpException.LastMessage() == words, "the failure sticks");
            }
        }
        // A long message: the engine keeps its first 1,024 bytes, and they come back, not "(no message)".
        string longWords = new string('x', 1000);
        using (Puzzle counter = Puzzle.Custom(new Throwing { Message = longWords }, new byte[] { 9 }))
        {
            Hint hint;
            while (counter.NextHint(10, out hint) == Status.InProgress) { }
            string said = LpException.LastMessage();
            Check(said.Length == 1024 && said.StartsWith("the is_goal callback failed with code -1: InvalidOperationException: xxx"),
                "a long message, its first 1,024 bytes: " + said.Length + " characters");
        }
    }

    static void CustomPuzzles()
    {
        Check(NativeMethods.lp_version() == Callbacks.AbiVersion, "the bindings' ABI version is the library's");
        Eight game = new Eight();
        Random random = new Random(7);
        int agree = 0;
        for (int b = 0; b < 100; b++)
        {
            byte[] board = RandomBoard(random, 60);
            int optimum;
            using (Puzzle tiles = Puzzle.Parse("tiles:3x3:" + string.Join(",", Array.ConvertAll(board, t => t.ToString()))))
            using (Solver solver = tiles.CreateSolver(Algorithm.Exact, 1 << 16))
            {
                while (solver.Step(100000) == Status.InProgress) { }
                optimum = solver.Moves().Length;
            }
            using (Puzzle custom = Puzzle.Custom(game, board))
            {
                int moves = 0;
                bool optimal = true;
                Hint hint;
                Status status;
                while ((status = custom.NextHint(200, out hint)) != Status.AlreadySolved)
                {
                    if (status == Status.InProgress) continue;
                    if (status != Status.Ok) break;
                    optimal &= hint.Optimal;
                    custom.Apply(hint.Move);
                    moves++;
                }
                if (moves == optimum && optimal && custom.IsSolved) agree++;
            }
        }
        Check(agree == 100, "a C# 8-puzzle hinted to the goal in the built-in optimum on " + agree + " of 100 boards");
        using (Puzzle custom = Puzzle.Custom(game, new byte[] { 1, 2, 3, 4, 5, 6, 7, 0, 8 }))
        {
            Check(custom.MoveText(new Move(8, 8, 7, 0)) == "slide 8", "move names from the game");
            Check(custom.Describe() == "custom:010203040506070008", "the description is the state's bytes");
            // A solver outlives the puzzle it came from: the game object stays reachable for it.
            Solver solver = custom.CreateSolver(Algorithm.IdaStar, 1 << 10);
            custom.Dispose();
            GC.Collect();
            GC.WaitForPendingFinalizers();
            while (solver.Step(1000) == Status.InProgress) { }
            Check(solver.Moves().Length == 1 && solver.IsOptimal, "a solver after its puzzle was disposed");
            solver.Dispose();
        }
        // Solvers of one puzzle stepped on several threads at once: each gathers its successors apart,
        // so every one finds the built-in optimum (a shared buffer once let two threads write past its end).
        for (int round = 0; round < 5; round++)
        {
            byte[] board = RandomBoard(random, 60);
            int optimum = TilesOptimum(board);
            using (Puzzle shared = Puzzle.Custom(game, board))
            {
                Solver[] solvers = new Solver[4];
                Status[] ends = new Status[4];
                for (int i = 0; i < solvers.Length; i++) solvers[i] = shared.CreateSolver(Algorithm.AStar, 1 << 16);
                System.Threading.Thread[] threads = new System.Threading.Thread[4];
                for (int i = 0; i < threads.Length; i++)
                {
                    int k = i;
                    threads[k] = new System.Threading.Thread(() =>
                    {
                        Status status;
                        while ((status = solvers[k].Step(50)) == Status.InProgress) { }
                        ends[k] = status;
                    });
                    threads[k].Start();
                }
                foreach (System.Threading.Thread t in threads) t.Join();
                for (int i = 0; i < solvers.Length; i++)
                {
                    Check(ends[i] == Status.Ok && solvers[i].Moves().Length == optimum,
                        "a solver on its own thread: " + ends[i] + ", " + solvers[i].Moves().Length + " moves for " + optimum);
                    solvers[i].Dispose();
                }
            }
        }
        // Many games alive at once, each reached by its own slot of the bindings' table (grown past its
        // first 16 slots, then its freed slots taken again): every third game throws, and only those fail.
        for (int round = 0; round < 2; round++)
        {
            Puzzle[] many = new Puzzle[40];
            for (int i = 0; i < many.Length; i++) many[i] = Puzzle.Custom(new Eight { Throw = i % 3 == 0 }, new byte[] { 1, 2, 3, 4, 5, 6, 7, 0, 8 });
            for (int i = 0; i < many.Length; i++)
            {
                Hint hint;
                Status status;
                while ((status = many[i].NextHint(200, out hint)) == Status.InProgress) { }
                Check(status == (i % 3 == 0 ? Status.Callback : Status.Ok), "game " + i + " of 40 answered by its own game: " + status);
            }
            foreach (Puzzle p in many) p.Dispose();
        }
        // The game's exception becomes Status.Callback, not a crash.
        Eight broken = new Eight { Throw = true };
        using (Puzzle custom = Puzzle.Custom(broken, RandomBoard(random, 20)))
        {
            Hint hint;
            Check(custom.NextHint(100, out hint) == Status.Callback && Native.LastError().Contains("successors callback failed"),
                "the game's exception as Status.Callback: " + Native.LastError());
        }
        Throws(Status.InvalidArgument, "3 bytes", () => Puzzle.Custom(game, new byte[3]));
        Throws(Status.InvalidArgument, "MaxSuccessors is 0", () => Puzzle.Custom(new Eight { Max = 0 }, new byte[9]));
        // More successors than declared: refused, and the puzzle says so.
        using (Puzzle greedy = Puzzle.Custom(new Eight { Max = 2 }, new byte[] { 1, 2, 3, 4, 0, 5, 7, 8, 6 }))
        {
            Hint hint;
            Check(greedy.NextHint(100, out hint) == Status.Callback && Native.LastError().Contains("code -2"),
                "more successors than MaxSuccessors: " + Native.LastError());
        }
    }

    /// The built-in tiles family's proven optimum for a board.
    static int TilesOptimum(byte[] board)
    {
        using (Puzzle tiles = Puzzle.Parse("tiles:3x3:" + string.Join(",", Array.ConvertAll(board, t => t.ToString()))))
        using (Solver solver = tiles.CreateSolver(Algorithm.Exact, 1 << 16))
        {
            while (solver.Step(100000) == Status.InProgress) { }
            return solver.IsOptimal ? solver.Moves().Length : -1;
        }
    }

    /// Generated C# puzzles: rated as the built-in optimum, in the band, distinct; a pack of them read back
    /// with the game and hinted along the stored answers.
    static void CustomGeneration()
    {
        Eight game = new Eight();
        byte[] solved = { 1, 2, 3, 4, 5, 6, 7, 8, 0 };
        using (Puzzle like = Puzzle.Custom(game, solved))
        using (Generator generator = Generator.Like(like, "min=20,max=24,method=draw", 5))
        using (PackWriter writer = new PackWriter())
        {
            int exact = 0;
            var seen = new System.Collections.Generic.HashSet<ulong>();
            var ratings = new System.Collections.Generic.List<uint>();
            while (ratings.Count < 10)
            {
                Puzzle level;
                uint rating;
                Status status = generator.Step(1000, out level, out rating);
                if (status == Status.InProgress) continue;
                Check(status == Status.Ok, "a custom generator step: " + status + " " + Native.LastError());
                if (status != Status.Ok) return;
                using (level)
                {
                    byte[] board = new byte[9];
                    int[] cells = new int[9];
                    level.ReadCells(cells);
                    for (int i = 0; i < 9; i++) board[i] = (byte)cells[i];
                    if (rating >= 20 && rating <= 24 && rating == TilesOptimum(board) && seen.Add(level.Fingerprint)) exact++;
                    writer.Add(level, rating, "level " + ratings.Count);
                    ratings.Add(rating);
                }
            }
            Check(exact == 10, "C# custom generation: " + exact + " of 10 boards in the band, rated as the built-in optimum, distinct");
            byte[] bytes = writer.ToBytes();
            Throws(Status.InvalidArgument, "a puzzle of the game's kind", () => Pack.Load(bytes));
            int answered = 0;
            using (Pack pack = Pack.LoadLike(bytes, like))
            {
                for (int k = 0; k < pack.Count; k++)
                {
                    using (Puzzle level = pack.Open(k))
                    {
                        int moves = 0;
                        Hint hint;
                        Status status;
                        while ((status = level.NextHint(1, out hint)) == Status.Ok)
                        {
                            level.Apply(hint.Move);
                            moves++;
                        }
                        if (status == Status.AlreadySolved && moves == ratings[k] && pack.Rating(k) == ratings[k]) answered++;
                    }
                }
            }
            Check(answered == 10, "a C# custom pack read back with the game: " + answered + " of 10 hinted along their answers");
            using (Puzzle again = Puzzle.ParseLike(like, like.Describe()))
            {
                Check(again.IsSolved, "a custom description read back with the game");
            }
        }
    }

    /// 10,000 frames of hints on a C# puzzle allocate no managed memory (the callbacks included).
    static void NoGarbagePerFrameCustom()
    {
        Eight game = new Eight();
        Random random = new Random(3);
        using (Puzzle puzzle = Puzzle.Custom(game, RandomBoard(random, 80)))
        {
            Hint hint;
            Move[] scramble = { new Move(0, -1, -1, 0) };
            // Warm up over a whole game and one new position (the hinter's memory, the emitters seen).
            for (int frame = 0; frame < 2000 && !puzzle.IsSolved; frame++)
            {
                if (puzzle.TryNextHint(20, out hint)) puzzle.TryApply(hint.Move);
            }
            puzzle.TryApply(new Move(8, 7, 8, 0));
            for (int frame = 0; frame < 50; frame++) puzzle.TryNextHint(20, out hint);
            long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            int hinted = 0, rescrambled = 0;
            for (int frame = 0; frame < 10000; frame++)
            {
                if (puzzle.TryNextHint(20, out hint))
                {
                    puzzle.TryApply(hint.Move);
                    hinted++;
                }
                else if (puzzle.IsSolved)
                {
                    // Slide the 8 back into the corner: a new position to hint from.
                    scramble[0] = new Move(8, 7, 8, 0);
                    puzzle.TryApply(scramble[0]);
                    rescrambled++;
                }
            }
            long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
            Check(hinted > 20 && rescrambled > 0, "hints arrived over the frames: " + hinted);
            Check(allocated == 0, "10,000 frames of a C# puzzle allocated " + allocated + " managed bytes");
        }
    }

    /// `bench-custom BOARDS`: the C# callback boundary, as `lp bench custom` measures the native one: the
    /// C# 8-puzzle against the built-in tiles family (Manhattan in both) with A* and IDA*, five rounds
    /// alternated, the median ratio of nodes per second. A measurement, printed, never asserted.
    static int BenchCustom(int count)
    {
        Random random = new Random(1);
        byte[][] boards = new byte[count][];
        for (int b = 0; b < count; b++) boards[b] = RandomBoard(random, 200);
        Eight game = new Eight();
        Console.WriteLine(count + " random 8-puzzles, Manhattan distance in both, 5 rounds alternated (Mono):");
        foreach (Algorithm algorithm in new[] { Algorithm.AStar, Algorithm.IdaStar })
        {
            double[] builtin = new double[5], custom = new double[5], ratios = new double[5];
            for (int round = 0; round < 5; round++)
            {
                for (int side = 0; side < 2; side++)
                {
                    bool isCustom = (side == 0) == (round % 2 == 1);
                    ulong nodes = 0;
                    var clock = new System.Diagnostics.Stopwatch(); // the searches only, not the reservations
                    foreach (byte[] board in boards)
                    {
                        Puzzle puzzle = isCustom ? Puzzle.Custom(game, board) : Puzzle.Parse("tiles:3x3:" + string.Join(",", Array.ConvertAll(board, t => t.ToString())));
                        if (!isCustom) puzzle.SetOption("heuristic", "manhattan");
                        using (puzzle)
                        using (Solver solver = puzzle.CreateSolver(algorithm, 1 << 18))
                        {
                            clock.Start();
                            while (solver.Step(1 << 16) == Status.InProgress) { }
                            clock.Stop();
                            nodes += solver.Expanded;
                        }
                    }
                    double rate = nodes / clock.Elapsed.TotalSeconds / 1e6;
                    if (isCustom) custom[round] = rate; else builtin[round] = rate;
                }
                ratios[round] = builtin[round] / custom[round];
            }
            double[] sorted = (double[])ratios.Clone();
            Array.Sort(sorted);
            int median = Array.IndexOf(ratios, sorted[2]);
            Console.WriteLine(string.Format("{0,5}  built-in {1:F2} M nodes/s  custom (C#) {2:F2} M nodes/s  ratio {3:F2}x ({4:F2}-{5:F2})",
                algorithm, builtin[median], custom[median], sorted[2], sorted[0], sorted[4]));
        }
        BenchCustomParts(game);
        return 0;
    }

    /// The parts of a C# node that run in managed code, each timed alone over 3 million calls: the game's
    /// side of a state expanded (its successors gathered as the callback does, then each one's IsGoal
    /// and Estimate; the blank on each square in turn), finding the game from the engine's `user`
    /// pointer (the bindings' table, and a GCHandle as they used before), and one P/Invoke (handing the
    /// successors over is one).
    static unsafe void BenchCustomParts(Eight game)
    {
        const int calls = 3000000;
        byte* states = stackalloc byte[81];
        for (int blank = 0; blank < 9; blank++)
        {
            int tile = 1;
            for (int i = 0; i < 9; i++) states[blank * 9 + i] = i == blank ? (byte)0 : (byte)tile++;
        }
        var clock = System.Diagnostics.Stopwatch.StartNew();
        long emitted = 0;
        for (int k = 0; k < calls; k++)
        {
            Gathering gathering = Gathering.Begin(9, 4);
            game.Successors(states + 9 * (k % 9), new Successors(gathering));
            gathering.Score(game);
            emitted += gathering.Count;
        }
        double side = clock.Elapsed.TotalMilliseconds * 1e6 / calls;
        var handle = System.Runtime.InteropServices.GCHandle.Alloc(game);
        IntPtr user = System.Runtime.InteropServices.GCHandle.ToIntPtr(handle);
        object found = null;
        clock.Restart();
        for (int k = 0; k < calls; k++) found = System.Runtime.InteropServices.GCHandle.FromIntPtr(user).Target;
        double lookup = clock.Elapsed.TotalMilliseconds * 1e6 / calls;
        handle.Free();
        CustomContext context = new CustomContext(game);
        context.Enter();
        IntPtr slot = context.Pointer;
        clock.Restart();
        for (int k = 0; k < calls; k++) found = CustomContext.Of(slot);
        double table = clock.Elapsed.TotalMilliseconds * 1e6 / calls;
        context.Leave();
        uint sum = 0;
        clock.Restart();
        for (int k = 0; k < calls; k++) sum += NativeMethods.lp_version();
        double call = clock.Elapsed.TotalMilliseconds * 1e6 / calls;
        Console.WriteLine(string.Format("managed parts: the game's side {0:F0} ns a state ({1:F2} successors), "
            + "the game found from its slot {2:F0} ns (from a GCHandle {3:F0} ns), a P/Invoke {4:F0} ns", side,
            (double)emitted / calls, table, lookup, call));
        if (found == null || sum == 0) Console.WriteLine("(nothing timed)");
    }

    // Every family's creator, the legal moves, the rule solver's deduction, named solvers, one-shot
    // generation and the registry lookup: the calls the C# layer reaches beside the per-frame ones.
    static void Creators()
    {
        // Each made puzzle is solved by its own moves list or hints, and described as its text form says.
        using (Puzzle tiles = Puzzle.Tiles(3, 3, new byte[] { 1, 2, 3, 4, 5, 6, 0, 7, 8 }))
        {
            Check(tiles.Describe() == "tiles:3x3:1,2,3,4,5,6,0,7,8", "Tiles: " + tiles.Describe());
            Check(tiles.Moves().Length == 2, "two legal moves from the corner blank");
            using (Solver solver = tiles.CreateSolver("ida", 1000))
            {
                while (solver.Step(100) == Status.InProgress) { }
                Check(solver.Moves().Length == 2 && solver.IsOptimal, "a named solver finds the 2 moves");
            }
        }
        using (Puzzle jugs = Puzzle.Jugs(new byte[] { 8, 5, 3 }, new byte[] { 8, 0, 0 }, new int[] { 4, 4, 0 }, false))
        {
            Hint hint;
            while (jugs.NextHint(100, out hint) == Status.InProgress) { }
            Check(hint.MovesLeft == 7, "the 8-5-3 jugs take 7 pours, got " + hint.MovesLeft);
        }
        using (Puzzle flip = Puzzle.Flip(3, 3, new byte[] { 1, 1, 0, 1, 0, 0, 0, 0, 0 }))
        {
            Check(flip.Describe().StartsWith("flip:3x3:"), "Flip: " + flip.Describe());
        }
        using (Puzzle sokoban = Puzzle.Sokoban(5, 3, "#####" + "#@$.#" + "#####"))
        {
            Hint hint;
            while (sokoban.NextHint(100, out hint) == Status.InProgress) { }
            Check(hint.MovesLeft == 1 && hint.Move.Piece == 0 && hint.Move.Arg == 0, "Sokoban: push box 1, one push");
            Check(sokoban.LostText() == null, "Sokoban: not lost");
        }
        using (Puzzle cornered = Puzzle.Sokoban(5, 3, "#####" + "#$@.#" + "#####"))
        {
            Check(cornered.LostText().StartsWith("box 1 is in a corner off the goals"), "Sokoban: " + cornered.LostText());
        }
        using (Puzzle hargram = Puzzle.Hargram(3, 2, null, new[] { "##/#.", "#./##" }))
        {
            Check(hargram.CountSolutions(10).All >= 1, "the two L trominoes cover 3x2");
        }
        using (Puzzle linjat = Puzzle.Parse("linjat:4x4:..../..../o..4/...."))
        {
            bool solved;
            Puzzle.DeductionStep[] steps = linjat.Deduction(out solved);
            Check(solved && steps.Length > 0 && steps[0].Cells.Length > 0, "the rules solve it step by step");
        }
        uint rating;
        using (Puzzle made = Generator.Generate("jugs", "preset=easy", 3, out rating))
        {
            Check(made.FamilyId == 2 && rating > 0, "a generated jugs puzzle");
        }
        Check(Registry.Find("blocks") == 4, "blocks is the fifth family");
        Throws(Status.InvalidArgument, "unknown family", () => Registry.Find("chess"));
        Check(Library.StatusName(Status.OutOfNodes) == "LP_OUT_OF_NODES", "status names");
        Throws(Status.InvalidArgument, "", () => Puzzle.Tiles(3, 3, new byte[] { 1, 2, 3 }));
    }

    /// Undo, redo, clones and saves keep the game; "no hint" is said one way.
    static void GameState()
    {
        const string Near = "tiles:3x3:1,2,3,4,5,6,0,7,8";
        using (Puzzle game = Puzzle.Parse(Near))
        {
            ushort[] cells = new ushort[16];
            Move[] plan = new Move[4];
            Check(game.HintText() == null && game.ReadHintCells(cells) == -1 && game.ReadHintPlan(plan) == -1
                && game.ReadHintTierCells(1, cells) == -1 && game.HintTierText(1) == null, "no hint: null or -1, never thrown");
            Check(!game.Undo() && !game.Redo(), "nothing to undo or redo at the start");
            Hint hint;
            while (game.NextHint(1000, out hint) == Status.InProgress) { }
            Check(game.ReadHintCells(cells) == 2 && game.HintText() != null, "a hint has cells and words");
            // A first move off every shortest solution (found by trying each, undoing the others).
            BoardCheck before = default(BoardCheck), after;
            foreach (Move move in game.Moves())
            {
                game.Apply(move);
                Check(game.HintText() == null, "a move drops the hint");
                while (game.CheckBoard(1 << 20, out before) == Status.InProgress) { }
                if (before.FirstWrong == 0) break;
                Check(game.Undo(), "undo");
            }
            Check(before.FirstWrong == 0, "a first move off every shortest solution");
            game.Apply(game.Moves()[0]);
            Check(game.MovesPlayed == 2 && game.History().Length == 2, "two moves in the history");
            while (game.CheckBoard(1 << 20, out before) == Status.InProgress) { }
            using (Pack saved = Pack.Load(game.Save()))
            using (Puzzle loaded = saved.Open(0))
            {
                while (loaded.CheckBoard(1 << 20, out after) == Status.InProgress) { }
                Check(after.FirstWrong == before.FirstWrong && after.Moves == 2 && loaded.Describe() == game.Describe(),
                    "check my board after a load names the mistake made before the save");
            }
            using (Puzzle trial = game.Clone())
            {
                trial.Apply(trial.Moves()[0]);
                Check(trial.MovesPlayed == 3 && game.MovesPlayed == 2, "a clone plays on its own");
                Check(trial.Undo() && trial.Describe() == game.Describe() && trial.MovesUndone == 1, "undo on the clone");
                Check(trial.Redo() && trial.MovesUndone == 0, "redo on the clone");
                game.ReserveHistory(64);
                game.CopyFrom(trial);
                Check(game.Describe() == trial.Describe() && game.MovesPlayed == 3, "CopyFrom takes the clone's game");
            }
            Check(game.Undo() && game.Undo() && game.Undo() && !game.Undo() && game.Describe() == Near, "undo back to the start");
            using (Puzzle other = Puzzle.Parse("tiles:3x3:1,2,3,4,5,6,7,0,8"))
            {
                Throws(Status.InvalidArgument, "not the same level", () => other.CopyFrom(game));
            }
        }
    }

    /// A custom puzzle in C# has what a C game's has: a board, a move's cells, a text form; a callback
    /// that fails once leaves a puzzle that goes on; its pack needs the game to load.
    static void CustomParity()
    {
        byte[] near = { 1, 2, 3, 4, 5, 6, 7, 0, 8 };
        using (Puzzle plain = Puzzle.Custom(new Eight(), near))
        {
            Hint hint;
            while (plain.NextHint(100, out hint) == Status.InProgress) { }
            Check(plain.HintTierText(1).Contains("no cells") && plain.HintTierText(2).Contains("no cells"),
                "without cells the tiers say so: " + plain.HintTierText(1));
        }
        Eight game = new Eight { Board = true };
        using (Puzzle board = Puzzle.Custom(game, near))
        {
            Check(board.Width == 3 && board.Height == 3, "the game's board: " + board.Width + "x" + board.Height);
            Check(board.Describe() == "custom:123456708", "its text form: " + board.Describe());
            using (Puzzle again = Puzzle.ParseLike(board, "custom:123456078"))
            {
                Check(again.Describe() == "custom:123456078", "read back by the game's Parse");
            }
            Throws(Status.Parse, "", () => Puzzle.ParseLike(board, "custom:12x"));
            Hint hint;
            while (board.NextHint(100, out hint) == Status.InProgress) { }
            ushort[] cells = new ushort[16];
            int n = board.ReadHintTierCells(1, cells);
            Check(n >= 2 && Array.IndexOf(cells, (ushort)7, 0, n) >= 0 && Array.IndexOf(cells, (ushort)8, 0, n) >= 0,
                "tier 1 lights the game's cells: " + n);
            Check(board.HintTierText(1).Contains("highlighted"), "tier 1 words: " + board.HintTierText(1));
            // A pack of the game's puzzles needs the game: a distinct status, not "corrupt".
            Throws(Status.InvalidArgument, "a puzzle of the game's kind", () => Pack.Load(board.Save()));
            using (Pack own = Pack.LoadLike(board.Save(), board))
            {
                Check(own.Count == 1, "loaded with the game");
            }
        }
        byte[] far = { 1, 2, 3, 4, 5, 6, 0, 7, 8 };
        using (Puzzle flaky = Puzzle.Custom(game, far))
        {
            game.FailAt = 2;
            Hint hint;
            Status status;
            while ((status = flaky.NextHint(100, out hint)) == Status.InProgress) { }
            Check(status == Status.Callback && LpException.LastMessage().Contains("TimeoutException: the level server did not answer"),
                "the failing call returns Callback with the game's words: " + status);
            Check(flaky.Describe() == "custom:123456078" && flaky.Moves().Length == 2 && !flaky.IsSolved, "every read works after it");
            while ((status = flaky.NextHint(100, out hint)) == Status.InProgress) { }
            Check(status == Status.Ok && hint.MovesLeft == 2, "the next call tries again and succeeds: " + status);
        }
    }

    static int Main(string[] args)
    {
        if (args.Length == 3 && args[0] == "hints")
        {
            return PlayHints(args[1], uint.Parse(args[2]));
        }
        if (args.Length == 2 && args[0] == "bench-custom")
        {
            return BenchCustom(int.Parse(args[1]));
        }
        BadInput();
        Creators();
        Solving();
        Generation();
        GeneticAlgorithm();
        Packs();
        PackWriting();
        Blocks();
        Linjat();
        Sudoku();
        NoGarbagePerFrame();
        CustomPuzzles();
        StatusRule();
        CustomGeneration();
        NoGarbagePerFrameCustom();
        GameState();
        CustomParity();
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
