// The idiomatic C# layer of lphint, over the generated raw layer (NativeMethods.g.cs).
//
// - Handles are IDisposable classes over SafeHandle: Puzzle, Solver, Generator, Ga, Pack, Tables.
// - Calls that cannot continue throw LpException, carrying the Status and lp_last_error's message.
// - The per-frame calls (Puzzle.TryNextHint / NextHint, Solver.Step, Generator.Step, Ga.Step) never
//   throw on a live handle and allocate no managed memory: blittable structs, no marshalled arrays.
//
// Compiles with Mono's mcs (-unsafe) and Unity; the native library is "lphint" ("__Internal" on iOS).

using System;
using System.Runtime.InteropServices;
using System.Text;

namespace LpHint
{
    /// <summary>The outcome of a call (LpStatus). Values of 100 and above are errors.</summary>
    public enum Status : uint
    {
        Ok = 0,
        InProgress = 1,
        AlreadySolved = 2,
        Unsolvable = 3,
        OutOfNodes = 4,
        NotFound = 5,
        NullArgument = 100,
        InvalidArgument = 101,
        Parse = 102,
        IllegalMove = 103,
        BufferTooSmall = 104,
        CorruptData = 105,
        Version = 106,
        Panic = 107,
        OutOfMemory = 108,
        /// <summary>A game's callback (a custom puzzle) failed or broke its contract.</summary>
        Callback = 109,
    }

    /// <summary>What a per-frame call's Status means for the game loop.</summary>
    public static class StatusExtensions
    {
        /// <summary>Whether the search is over: anything but InProgress — Ok (the hint is ready), or why
        /// none will come from this position (OutOfNodes, NotFound, Unsolvable, an error:
        /// LpException.LastMessage() says why). Stop asking then, until the player moves.</summary>
        public static bool IsFinal(this Status status)
        {
            return status != Status.InProgress;
        }
    }

    /// <summary>The library as a whole.</summary>
    public static unsafe class Library
    {
        /// <summary>The ABI version of the native library loaded (the header's LP_ABI_VERSION).</summary>
        public static uint Version
        {
            get { Native.Require(); return NativeMethods.lp_version(); }
        }

        /// <summary>The budget units (node expansions) the last per-frame call on this thread spent,
        /// Detour's doneIters: take it off a budget shared by several puzzles. 0 for a hint read off a
        /// stored plan. Allocates nothing.</summary>
        public static uint LastWork
        {
            get { return NativeMethods.lp_last_work(); }
        }

        /// <summary>The C ABI's name of a status ("LP_OUT_OF_NODES"), for logs.</summary>
        public static string StatusName(Status status)
        {
            Native.Require();
            return Marshal.PtrToStringAnsi((IntPtr)NativeMethods.lp_status_str((uint)status));
        }
    }

    /// <summary>Search algorithms for Puzzle.CreateSolver (LpAlgorithm).</summary>
    public enum Algorithm : uint
    {
        Bfs = 0,
        HillClimbing = 1,
        BestFirst = 2,
        AStar = 3,
        WeightedAStar = 4,
        UniformCost = 5,
        IdaStar = 6,
        Exact = 7,
        Anneal = 8,
    }

    /// <summary>A move as plain numbers (LpMove); each family documents the fields it uses.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Move
    {
        public uint Piece;
        public int From;
        public int To;
        public int Arg;

        public Move(uint piece, int from, int to, int arg)
        {
            Piece = piece;
            From = from;
            To = to;
            Arg = arg;
        }

        public override string ToString()
        {
            return Piece + "/" + From + "/" + To + "/" + Arg;
        }
    }

    /// <summary>A hint: the move to play and the moves left, this one included.</summary>
    public struct Hint
    {
        public Move Move;
        public uint MovesLeft;
        public bool Optimal;
        /// <summary>The family's reason code (FamilyInfo.Reasons names it).</summary>
        public uint Reason;
    }

    /// <summary>What "check my board" found (Puzzle.CheckBoard): distances in moves, -1 for none.</summary>
    public struct BoardCheck
    {
        /// <summary>Moves from the position to the goal; -1 when it cannot be solved.</summary>
        public int Distance;
        /// <summary>Moves from the start; -1 when it never could be solved.</summary>
        public int StartDistance;
        /// <summary>The player's first move (0-based) off every shortest solution; -1 when none.</summary>
        public int FirstWrong;
        /// <summary>The move (0-based) after which the puzzle could no longer be solved; -1 when none.</summary>
        public int LostAt;
        /// <summary>The moves checked (the player's since the start).</summary>
        public uint Moves;
        /// <summary>Whether the distances are proven optimal.</summary>
        public bool Exact;
        /// <summary>How many cells the wrong parts cover (ReadCheckCells).</summary>
        public uint MistakeCells;
        /// <summary>Whether the wrong parts were decided (a puzzle with one solution).</summary>
        public bool MistakesKnown;
    }

    /// <summary>What values a parameter takes (LpParamKind).</summary>
    public enum ParamKind : uint
    {
        Int = 0,
        Bool = 1,
        Choice = 2,
        Size = 3,
        Range = 4,
        Text = 5,
    }

    /// <summary>One parameter of a family: enough to build a field of a settings form.</summary>
    public sealed class ParamSpec
    {
        public string Name;
        public ParamKind Kind;
        public long Min;
        public long Max;
        public string Default;
        public string Doc;
        /// <summary>For choices, the words allowed; empty otherwise.</summary>
        public string[] Choices;
    }

    /// <summary>A named parameter set of a family ("preset=hard" in a parameter text).</summary>
    public sealed class Preset
    {
        public string Name;
        public string Params;
    }

    /// <summary>A kind of a family's puzzles known by its own name (Rush Hour of sliding blocks): list it as
    /// a family of its own; its notation names it to Generator and Puzzle.Parse.</summary>
    public sealed class Variant
    {
        /// <summary>The first field of its descriptions (`rush`).</summary>
        public string Notation;
        /// <summary>Its name as players know it (`Rush Hour`).</summary>
        public string Title;
        /// <summary>The parameters its puzzles are made with.</summary>
        public string Params;
        /// <summary>The names of the family's presets that make its puzzles.</summary>
        public string[] Presets;
    }

    /// <summary>A reason a family's hints give.</summary>
    public sealed class ReasonInfo
    {
        public uint Code;
        public string Name;
        public string Doc;
    }

    /// <summary>A family of the registry, with what a generic UI (the inspector) needs for its forms.</summary>
    public sealed class FamilyInfo
    {
        public uint Id;
        public string Name;
        public string Summary;
        public string RatingUnit;
        /// <summary>The node budget recommended for one per-frame call (`lp bench frames` measures it).</summary>
        public uint FrameBudget;
        public ParamSpec[] Params;
        public Preset[] Presets;
        public ParamSpec[] Options;
        public ReasonInfo[] Reasons;
        /// <summary>Kinds of its puzzles known by their own name (Rush Hour); most families have none.</summary>
        public Variant[] Variants;
    }

    /// <summary>The families lphint knows, read from the library's registry.</summary>
    public static unsafe class Registry
    {
        private static string Text(byte* p)
        {
            if (p == null) return "";
            int length = 0;
            while (p[length] != 0) length++;
            return Encoding.UTF8.GetString(p, length);
        }

        private static ParamSpec Spec(LpParamSpec s)
        {
            string choices = Text(s.choices);
            return new ParamSpec
            {
                Name = Text(s.name),
                Kind = (ParamKind)s.kind,
                Min = s.min,
                Max = s.max,
                Default = Text(s.default_value),
                Doc = Text(s.doc),
                Choices = choices.Length == 0 ? new string[0] : choices.Split('|'),
            };
        }

        /// <summary>The index in Families() of the family named `name`; throws LpException
        /// (InvalidArgument) naming the known ones.</summary>
        public static int Find(string name)
        {
            Native.Require();
            byte[] text = Native.Utf8(name);
            UIntPtr index;
            fixed (byte* p = text)
            {
                Native.Check(NativeMethods.lp_family_find(p, &index));
            }
            return (int)index.ToUInt64();
        }

        /// <summary>Every family, in registry order (allocates: call it once, not per frame).</summary>
        public static FamilyInfo[] Families()
        {
            Native.Require();
            UIntPtr count;
            Native.Check(NativeMethods.lp_family_count(&count));
            FamilyInfo[] families = new FamilyInfo[(int)count.ToUInt64()];
            for (int f = 0; f < families.Length; f++)
            {
                UIntPtr index = (UIntPtr)f;
                LpFamilyInfo info;
                Native.Check(NativeMethods.lp_family_info(index, &info));
                uint frameBudget;
                Native.Check(NativeMethods.lp_family_frame_budget(index, &frameBudget));
                FamilyInfo family = new FamilyInfo
                {
                    FrameBudget = frameBudget,
                    Id = info.id,
                    Name = Text(info.name),
                    Summary = Text(info.summary),
                    RatingUnit = Text(info.rating_unit),
                    Params = new ParamSpec[info.param_count],
                    Presets = new Preset[info.preset_count],
                    Options = new ParamSpec[info.option_count],
                    Reasons = new ReasonInfo[info.reason_count],
                };
                for (uint i = 0; i < info.param_count; i++)
                {
                    LpParamSpec spec;
                    Native.Check(NativeMethods.lp_family_param(index, (UIntPtr)i, &spec));
                    family.Params[i] = Spec(spec);
                }
                for (uint i = 0; i < info.option_count; i++)
                {
                    LpParamSpec spec;
                    Native.Check(NativeMethods.lp_family_option(index, (UIntPtr)i, &spec));
                    family.Options[i] = Spec(spec);
                }
                for (uint i = 0; i < info.preset_count; i++)
                {
                    LpPreset preset;
                    Native.Check(NativeMethods.lp_family_preset(index, (UIntPtr)i, &preset));
                    family.Presets[i] = new Preset { Name = Text(preset.name), Params = Text(preset.@params) };
                }
                for (uint i = 0; i < info.reason_count; i++)
                {
                    LpReasonInfo reason;
                    Native.Check(NativeMethods.lp_family_reason(index, (UIntPtr)i, &reason));
                    family.Reasons[i] = new ReasonInfo { Code = reason.code, Name = Text(reason.name), Doc = Text(reason.doc) };
                }
                UIntPtr variants;
                Native.Check(NativeMethods.lp_family_variant_count(index, &variants));
                family.Variants = new Variant[(int)variants];
                for (int i = 0; i < family.Variants.Length; i++)
                {
                    LpVariant variant;
                    Native.Check(NativeMethods.lp_family_variant(index, (UIntPtr)i, &variant));
                    family.Variants[i] = new Variant
                    {
                        Notation = Text(variant.notation),
                        Title = Text(variant.title),
                        Params = Text(variant.@params),
                        Presets = Text(variant.presets).Split('|'),
                    };
                }
                families[f] = family;
            }
            return families;
        }
    }

    /// <summary>How many solutions a position has (Puzzle.CountSolutions).</summary>
    public struct SolutionCount
    {
        /// <summary>Every solution counted (solutions that only swap identical pieces count once).</summary>
        public ulong All;
        /// <summary>Those up to the board's symmetries.</summary>
        public ulong UpToSymmetry;
        /// <summary>Search nodes spent.</summary>
        public ulong Nodes;
        /// <summary>Whether counting stopped at the limit (All is then a lower bound).</summary>
        public bool Capped;
    }

    /// <summary>A position's cluster: every state reachable from it (Puzzle.Cluster).</summary>
    public struct ClusterSummary
    {
        /// <summary>States reachable (the position included).</summary>
        public ulong States;
        /// <summary>Those that are solved.</summary>
        public ulong SolvedStates;
        /// <summary>The position's distance to the nearest solved state, -1 when none is.</summary>
        public long StartDistance;
        /// <summary>The largest distance of a state to its nearest solved state, -1 when none is.</summary>
        public long FarthestDistance;
        /// <summary>Node expansions spent.</summary>
        public ulong Expanded;
    }

    /// <summary>Progress of a genetic-algorithm run.</summary>
    public struct GaReport
    {
        public uint Generation;
        public uint BestFitness;
        public uint Perfect;
        public bool Found;
        public ulong Evaluations;
    }

    /// <summary>Parameters of a genetic-algorithm run (the defaults are the earlier system's).</summary>
    public struct GaParams
    {
        public uint Population;
        public uint Generations;
        public uint Tournament;
        public float Crossover;
        public float Mutation;

        public static GaParams Default
        {
            get { return new GaParams { Population = 1500, Generations = 50, Tournament = 3, Crossover = 0.9f, Mutation = 0.15f }; }
        }
    }

    /// <summary>A call that could not continue: its status and the library's message.</summary>
    public class LpException : Exception
    {
        public Status Status { get; private set; }

        public LpException(Status status, string message) : base(status + ": " + message)
        {
            Status = status;
        }

        /// <summary>The message of the last failed call on this thread: what an error status returned by a
        /// per-frame call (NextHint, Step) means. Allocates: read it when a call failed.</summary>
        public static string LastMessage()
        {
            return Native.LastError();
        }
    }

    internal static unsafe class Native
    {
        private static bool loaded;

        /// <summary>Makes sure the native library is there before the first call into it, so that a build
        /// without this platform's library says which one it lacks instead of a bare
        /// DllNotFoundException.</summary>
        internal static void Require()
        {
            if (loaded) return;
            try
            {
                NativeMethods.lp_version();
                loaded = true;
            }
            catch (DllNotFoundException e)
            {
                throw new DllNotFoundException(
                    "lphint: the native library for this platform (" + PlatformName() + ") is not in the build. " +
                    "The Unity package holds the platforms it was made with (scripts/dist.sh lists them; the tarball's " +
                    "name too when it lacks some): build this one with scripts/dist.sh, or put liblphint " +
                    "(lphint.dll on Windows) where the player finds it. " + e.Message, e);
            }
        }

        private static string PlatformName()
        {
            string os;
            switch (Environment.OSVersion.Platform)
            {
                case PlatformID.Win32NT: os = "Windows"; break;
                case PlatformID.MacOSX: os = "macOS"; break;
                case PlatformID.Unix: os = "Linux or macOS"; break;
                default: os = Environment.OSVersion.Platform.ToString(); break;
            }
            return os + ", " + (IntPtr.Size * 8) + "-bit";
        }

        /// <summary>The message of the last failed call on this thread.</summary>
        internal static string LastError()
        {
            // Most messages fit the first buffer; a longer one (a game's own words) is read again at the
            // size the engine asks for.
            byte[] buffer = new byte[256];
            UIntPtr written;
            for (;;)
            {
                LpStatus status;
                fixed (byte* p = buffer)
                {
                    status = NativeMethods.lp_last_error(p, (UIntPtr)buffer.Length, &written);
                }
                if (status == LpStatus.LP_OK) break;
                ulong needed = written.ToUInt64();
                if (status != LpStatus.LP_ERR_BUFFER_TOO_SMALL || needed <= (ulong)buffer.Length || needed > 1 << 20)
                {
                    return "(no message)";
                }
                buffer = new byte[needed];
            }
            int length = Math.Max(0, (int)written.ToUInt64() - 1);
            return Encoding.UTF8.GetString(buffer, 0, length);
        }

        /// <summary>The rule of every call that gives a value (a text, a count, a handle): anything but
        /// Ok throws LpException with the status and lp_last_error's message — an outcome too (NotFound
        /// for a hint text before any hint), since there is then no value to give.</summary>
        internal static void Check(LpStatus status)
        {
            if (status != LpStatus.LP_OK)
            {
                throw new LpException((Status)status, LastError());
            }
        }

        /// <summary>Whether a call that may find nothing found something: false for NotFound; errors throw.</summary>
        internal static bool Found(LpStatus status)
        {
            if (status == LpStatus.LP_NOT_FOUND) return false;
            Check(status);
            return true;
        }

        /// <summary>The rule of the calls whose outcome is the answer (Cluster, Generator.Step): outcomes
        /// (below 100) are returned; errors throw LpException.</summary>
        internal static Status Outcome(LpStatus status)
        {
            if ((uint)status >= 100)
            {
                throw new LpException((Status)status, LastError());
            }
            return (Status)status;
        }

        internal static byte[] Utf8(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            return Encoding.UTF8.GetBytes(text + "\0");
        }

        /// <summary>Reads a (ptr, cap, *written) buffer: asks for the size, then fills it.</summary>
        internal delegate LpStatus Fill(byte* buffer, UIntPtr cap, UIntPtr* written);

        internal static byte[] ReadBytes(Fill fill)
        {
            UIntPtr needed;
            LpStatus status = fill(null, UIntPtr.Zero, &needed);
            if (status != LpStatus.LP_ERR_BUFFER_TOO_SMALL) Check(status);
            byte[] bytes = new byte[(int)needed.ToUInt64()];
            fixed (byte* p = bytes)
            {
                Check(fill(p, (UIntPtr)bytes.Length, &needed));
            }
            return bytes;
        }
    }

    /// <summary>Owns one native handle; the release function runs once, even from the finalizer.</summary>
    internal sealed class NativeHandle : SafeHandle
    {
        private readonly Action<IntPtr> release;

        internal NativeHandle(IntPtr handle, Action<IntPtr> release) : base(IntPtr.Zero, true)
        {
            this.release = release;
            SetHandle(handle);
        }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        protected override bool ReleaseHandle()
        {
            release(handle);
            return true;
        }
    }

    /// <summary>The directions a sliding block may move in (the values are the C ABI's codes).</summary>
    public enum BlocksAxis : byte
    {
        /// <summary>Up, down, left and right.</summary>
        Free = 0,
        /// <summary>Left and right only.</summary>
        Horizontal = 1,
        /// <summary>Up and down only.</summary>
        Vertical = 2,
        /// <summary>Along its long axis (a bar of one row or column): Rush Hour's cars and trucks.</summary>
        Long = 3,
    }

    /// <summary>How sliding-blocks moves are counted (the values are the C ABI's codes).</summary>
    public enum BlocksCount : uint
    {
        /// <summary>One block, one cell.</summary>
        Step = 0,
        /// <summary>One block, any distance in one straight direction.</summary>
        Line = 1,
        /// <summary>One block, any distance along any path of empty cells (the classic count).</summary>
        Free = 2,
    }

    /// <summary>A goal of Puzzle.Blocks: block `Block` is solved when the top-left corner of its bounding
    /// box stands at (Row, Column), counted from 0.</summary>
    public struct BlocksGoal
    {
        public int Block;
        public int Row;
        public int Column;

        public BlocksGoal(int block, int row, int column)
        {
            Block = block;
            Row = row;
            Column = column;
        }
    }

    /// <summary>A puzzle being played: its position, hints, moves and solvers.</summary>
    public sealed unsafe class Puzzle : IDisposable
    {
        private readonly NativeHandle handle;
        /// <summary>A custom puzzle's game object, kept alive for it and its solvers (null otherwise).</summary>
        private readonly CustomContext custom;

        internal Puzzle(LpPuzzle* raw, CustomContext custom = null)
        {
            this.custom = custom;
            if (custom != null) custom.Enter();
            handle = new NativeHandle((IntPtr)raw, p =>
            {
                NativeMethods.lp_puzzle_free((LpPuzzle*)p);
                if (custom != null) custom.Leave();
            });
        }

        /// <summary>A game's own puzzle (see CustomPuzzle) starting at `start` (StateSize bytes): hints and
        /// every solver work on it. Throws LpException for a bad size or a start of the wrong length.</summary>
        public static Puzzle Custom(CustomPuzzle game, byte[] start)
        {
            Native.Require();
            if (game == null) throw new ArgumentNullException("game");
            if (start == null) throw new ArgumentNullException("start");
            CustomContext context = new CustomContext(game); // checks the sizes
            context.Enter();
            try
            {
                LpCustomVtable vtable = Callbacks.Vtable(game);
                LpPuzzle* raw;
                fixed (byte* s = start)
                {
                    Native.Check(NativeMethods.lp_custom_create(&vtable, (void*)context.Pointer, s, (UIntPtr)start.Length, &raw));
                }
                return new Puzzle(raw, context);
            }
            finally
            {
                context.Leave();
            }
        }

        internal LpPuzzle* Raw
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException("Puzzle");
                return (LpPuzzle*)handle.DangerousGetHandle();
            }
        }

        /// <summary>Parses a one-line description. Throws LpException (Status.Parse) naming the column.</summary>
        public static Puzzle Parse(string desc)
        {
            Native.Require();
            byte[] text = Native.Utf8(desc);
            LpPuzzle* raw;
            fixed (byte* p = text)
            {
                Native.Check(NativeMethods.lp_puzzle_parse(p, &raw));
            }
            return new Puzzle(raw);
        }

        /// <summary>Parses a description of a puzzle of the same kind as `like` (for a custom puzzle,
        /// "custom:" and its state, read with the same game). Throws LpException (Status.Parse).</summary>
        public static Puzzle ParseLike(Puzzle like, string desc)
        {
            Native.Require();
            if (like == null) throw new ArgumentNullException("like");
            byte[] text = Native.Utf8(desc);
            LpPuzzle* raw;
            fixed (byte* p = text)
            {
                Native.Check(NativeMethods.lp_puzzle_parse_like(like.Raw, p, &raw));
            }
            return new Puzzle(raw, like.custom);
        }

        /// <summary>The game object of a custom puzzle (null for a built-in one).</summary>
        internal CustomContext GameContext
        {
            get { return custom; }
        }

        /// <summary>A width × height sliding-blocks puzzle ("Get the Ball Out!", Klotski). `cells` holds
        /// Width × Height values, row-major: 0 empty, -1 wall, -2 ball-only (only goal blocks may enter),
        /// k &gt; 0 a cell of block k (ids 1..62, each block's cells connected). Every goal names a block and
        /// the target of its bounding box's top-left corner. Throws LpException (InvalidArgument) saying
        /// what is wrong: a length that is not Width × Height, a block split in two, a goal off the board.
        /// `axes[k - 1]` locks block k to an axis (Rush Hour's cars and trucks: BlocksAxis.Long).</summary>
        public static Puzzle Blocks(int width, int height, int[] cells, BlocksGoal[] goals, BlocksCount count = BlocksCount.Free,
            BlocksAxis[] axes = null)
        {
            Native.Require();
            if (cells == null) throw new ArgumentNullException("cells");
            if (goals == null) throw new ArgumentNullException("goals");
            if (width < 0 || height < 0) throw new ArgumentOutOfRangeException("width", "sides are positive");
            LpBlocksGoal[] raw = new LpBlocksGoal[goals.Length];
            for (int i = 0; i < goals.Length; i++)
            {
                if (goals[i].Row < 0 || goals[i].Column < 0) throw new ArgumentOutOfRangeException("goals", "rows and columns count from 0");
                raw[i] = new LpBlocksGoal { block = goals[i].Block, row = (uint)goals[i].Row, col = (uint)goals[i].Column };
            }
            byte[] locks = axes == null ? new byte[0] : Array.ConvertAll(axes, a => (byte)a);
            LpPuzzle* created;
            fixed (int* pc = cells)
            fixed (LpBlocksGoal* pg = raw)
            fixed (byte* pa = locks)
            {
                if (locks.Length == 0)
                    Native.Check(NativeMethods.lp_blocks_create((uint)width, (uint)height, pc, (UIntPtr)cells.Length, pg,
                        (UIntPtr)raw.Length, (uint)count, &created));
                else
                    Native.Check(NativeMethods.lp_blocks_create_locked((uint)width, (uint)height, pc, (UIntPtr)cells.Length,
                        pg, (UIntPtr)raw.Length, pa, (UIntPtr)locks.Length, (uint)count, &created));
            }
            return new Puzzle(created);
        }

        /// <summary>A width × height Linjat puzzle. `cells` holds Width × Height values, row-major: 0 empty,
        /// -1 a dot, 1..9 a number (at most 64). A hint's move draws a number's segment (Move.Piece the
        /// number's index in reading order, From and To its end cells) or, From = To = -1, takes one off.
        /// Throws LpException (InvalidArgument) naming a bad cell or a length that is not Width × Height.</summary>
        public static Puzzle Linjat(int width, int height, int[] cells)
        {
            Native.Require();
            if (cells == null) throw new ArgumentNullException("cells");
            if (width < 0 || height < 0) throw new ArgumentOutOfRangeException("width", "sides are positive");
            LpPuzzle* created;
            fixed (int* pc = cells)
            {
                Native.Check(NativeMethods.lp_linjat_create((uint)width, (uint)height, pc, (UIntPtr)cells.Length, &created));
            }
            return new Puzzle(created);
        }

        /// <summary>A side × side Sudoku (4, 6, 9 or 16; boxes 2×2, 3×2, 3×3, 4×4). `cells` holds side × side
        /// givens, row by row: 0 empty, 1..side a given. A move writes Move.Arg (1..side) in the cell
        /// Move.Piece, erases the player's digit there (0), or puts pencil mark -Move.Arg on or off; a
        /// digit its row, column or box holds is refused. Throws LpException (InvalidArgument) naming a bad
        /// cell, a repeated given or a length that is not side × side.</summary>
        public static Puzzle Sudoku(int side, int[] cells)
        {
            Native.Require();
            if (cells == null) throw new ArgumentNullException("cells");
            if (side < 0) throw new ArgumentOutOfRangeException("side", "the side is 4, 6, 9 or 16");
            LpPuzzle* created;
            fixed (int* pc = cells)
            {
                Native.Check(NativeMethods.lp_sudoku_create((uint)side, pc, (UIntPtr)cells.Length, &created));
            }
            return new Puzzle(created);
        }

        /// <summary>A width × height sliding-tile puzzle: `start` row-major (0 the blank); `goal` null for
        /// 1, 2, …, blank. Throws LpException (InvalidArgument) saying what is wrong.</summary>
        public static Puzzle Tiles(int width, int height, byte[] start, byte[] goal = null)
        {
            Native.Require();
            if (start == null) throw new ArgumentNullException("start");
            if (width < 0 || height < 0) throw new ArgumentOutOfRangeException("width", "sides are positive");
            byte[] target = goal ?? new byte[0];
            LpPuzzle* created;
            fixed (byte* ps = start)
            fixed (byte* pg = target)
            {
                Native.Check(NativeMethods.lp_tiles_create((uint)width, (uint)height, ps, (UIntPtr)start.Length,
                    goal == null ? null : pg, (UIntPtr)target.Length, &created));
            }
            return new Puzzle(created);
        }

        /// <summary>Water jugs: capacities (1..255), start amounts and goal amounts (-1: any), one each for
        /// 2 to 8 jugs, and whether the tap and the sink may be used.</summary>
        public static Puzzle Jugs(byte[] capacities, byte[] start, int[] goal, bool tap)
        {
            Native.Require();
            if (capacities == null || start == null || goal == null) throw new ArgumentNullException("capacities");
            if (start.Length != capacities.Length || goal.Length != capacities.Length)
                throw new ArgumentException("capacities, start and goal differ in length");
            LpPuzzle* created;
            fixed (byte* pc = capacities)
            fixed (byte* ps = start)
            fixed (int* pg = goal)
            {
                Native.Check(NativeMethods.lp_jugs_create(pc, ps, pg, (UIntPtr)capacities.Length, tap, &created));
            }
            return new Puzzle(created);
        }

        /// <summary>Flip panels: width × height bytes, row-major, non-zero dark; `target` null for all
        /// light.</summary>
        public static Puzzle Flip(int width, int height, byte[] start, byte[] target = null)
        {
            Native.Require();
            if (start == null) throw new ArgumentNullException("start");
            if (width < 0 || height < 0) throw new ArgumentOutOfRangeException("width", "sides are positive");
            if (target != null && target.Length != start.Length) throw new ArgumentException("start and target differ in length");
            byte[] goal = target ?? new byte[0];
            LpPuzzle* created;
            fixed (byte* ps = start)
            fixed (byte* pt = goal)
            {
                Native.Check(NativeMethods.lp_flip_create((uint)width, (uint)height, ps, target == null ? null : pt,
                    (UIntPtr)start.Length, &created));
            }
            return new Puzzle(created);
        }

        /// <summary>Sokoban: a width × height grid of XSB characters, row-major ('#' wall, '@' player, '+'
        /// player on a goal, '$' box, '*' box on a goal, '.' goal, ' ' or '-' floor). Boxes are numbered in
        /// reading order.</summary>
        public static Puzzle Sokoban(int width, int height, string grid)
        {
            Native.Require();
            if (grid == null) throw new ArgumentNullException("grid");
            if (width < 0 || height < 0) throw new ArgumentOutOfRangeException("width", "sides are positive");
            byte[] bytes = System.Text.Encoding.ASCII.GetBytes(grid);
            LpPuzzle* created;
            fixed (byte* pg = bytes)
            {
                Native.Check(NativeMethods.lp_sokoban_create((uint)width, (uint)height, pg, (UIntPtr)bytes.Length, &created));
            }
            return new Puzzle(created);
        }

        /// <summary>Hargram: a width × height board (`blocked` row-major, non-zero not to be covered; null for
        /// none) and the pieces that must cover the rest exactly, each drawn as rows of '#' and '.' joined by
        /// '/' ("##/#."); `noMirror[i]` forbids piece i's mirror image (null: all allowed).</summary>
        public static Puzzle Hargram(int width, int height, byte[] blocked, string[] pieces, bool[] noMirror = null)
        {
            Native.Require();
            if (pieces == null) throw new ArgumentNullException("pieces");
            if (width < 0 || height < 0) throw new ArgumentOutOfRangeException("width", "sides are positive");
            if (blocked != null && blocked.Length != width * height) throw new ArgumentException("blocked needs width × height bytes");
            var grids = new byte[pieces.Length][];
            var shapes = new LpHargramPiece[pieces.Length];
            var pins = new GCHandle[pieces.Length];
            try
            {
                for (int i = 0; i < pieces.Length; i++)
                {
                    string[] rows = pieces[i].Split('/');
                    int cols = rows[0].Length;
                    grids[i] = new byte[rows.Length * cols];
                    for (int r = 0; r < rows.Length; r++)
                    {
                        if (rows[r].Length != cols) throw new ArgumentException("piece " + i + " has rows of different lengths");
                        for (int c = 0; c < cols; c++) grids[i][r * cols + c] = (byte)(rows[r][c] == '#' ? 1 : 0);
                    }
                    pins[i] = GCHandle.Alloc(grids[i], GCHandleType.Pinned);
                    shapes[i] = new LpHargramPiece
                    {
                        width = (uint)cols,
                        height = (uint)rows.Length,
                        cells = (byte*)pins[i].AddrOfPinnedObject(),
                        no_mirror = noMirror != null && i < noMirror.Length && noMirror[i] ? 1u : 0u,
                    };
                }
                LpPuzzle* created;
                fixed (byte* pb = blocked)
                fixed (LpHargramPiece* pp = shapes)
                {
                    Native.Check(NativeMethods.lp_hargram_create((uint)width, (uint)height, blocked == null ? null : pb, pp,
                        (UIntPtr)shapes.Length, &created));
                }
                return new Puzzle(created);
            }
            finally
            {
                foreach (GCHandle pin in pins) if (pin.IsAllocated) pin.Free();
            }
        }

        /// <summary>A fact the generator established about a generated puzzle, by name (for blocks
        /// "cluster_states", "cluster_solved", "farthest"); false when the puzzle carries none of that name
        /// (it was not generated, or its family establishes no such fact).</summary>
        public bool TryGetFact(string name, out long value)
        {
            byte[] n = Native.Utf8(name);
            long v = 0;
            LpStatus status;
            fixed (byte* p = n)
            {
                status = NativeMethods.lp_puzzle_fact(Raw, p, &v);
            }
            value = v;
            if (status == LpStatus.LP_NOT_FOUND) return false;
            Native.Check(status);
            return true;
        }

        /// <summary>The level's fingerprint: equal for the same level up to the family's symmetries (a board
        /// turned or mirrored, identical jugs or blocks swapped), as generators and packs count levels.</summary>
        public ulong Fingerprint
        {
            get
            {
                ulong v = 0;
                Native.Check(NativeMethods.lp_puzzle_fingerprint(Raw, &v));
                return v;
            }
        }

        /// <summary>Counts the solutions from the current position, stopping after <paramref name="limit"/>
        /// (2 answers "unique?"), for families that count them (Hargram, Linjat, Sudoku); runs to its end in this
        /// call (a worker thread's or a tool's call, not a frame's).</summary>
        public SolutionCount CountSolutions(ulong limit)
        {
            LpSolutionCount c;
            Native.Check(NativeMethods.lp_puzzle_count_solutions(Raw, limit, &c));
            return new SolutionCount { All = c.all, UpToSymmetry = c.up_to_symmetry, Nodes = c.nodes, Capped = c.capped };
        }

        /// <summary>The <paramref name="index"/>-th solution counting finds from the current position (0 the
        /// first, 1 another) as the description of the solved position, or null when there is no such
        /// solution. For families that show their solutions (Sudoku, two at most: where a puzzle has
        /// several, they show where it is ambiguous); runs to its end in this call.</summary>
        public string Solution(uint index)
        {
            LpPuzzle* raw = Raw;
            UIntPtr needed;
            if (NativeMethods.lp_puzzle_solution(raw, index, null, UIntPtr.Zero, &needed) == LpStatus.LP_NOT_FOUND) return null;
            byte[] text = Native.ReadBytes((b, cap, w) => NativeMethods.lp_puzzle_solution(raw, index, b, cap, w));
            return Encoding.UTF8.GetString(text, 0, text.Length - 1);
        }

        /// <summary>Every state reachable from the current position, storing at most
        /// <paramref name="nodeCap"/>: <c>Status.OutOfNodes</c> when the cluster holds more. For families
        /// whose moves can be undone; runs to its end in this call.</summary>
        public Status Cluster(ulong nodeCap, out ClusterSummary summary)
        {
            LpClusterSummary c;
            Status status = Native.Outcome(NativeMethods.lp_puzzle_cluster(Raw, (UIntPtr)nodeCap, &c));
            summary = new ClusterSummary
            {
                States = c.states,
                SolvedStates = c.solved_states,
                StartDistance = c.start_distance,
                FarthestDistance = c.farthest_distance,
                Expanded = c.expanded,
            };
            return status;
        }

        /// <summary>The id of the puzzle's family (FamilyInfo.Id).</summary>
        public uint FamilyId
        {
            get
            {
                uint family;
                Native.Check(NativeMethods.lp_puzzle_family(Raw, &family));
                return family;
            }
        }

        /// <summary>Why the position is lost, when the family sees it without search (Sokoban's dead boxes:
        /// "box 3 is in a corner off the goals …"); null when it sees none.</summary>
        public string LostText()
        {
            LpPuzzle* raw = Raw;
            try
            {
                byte[] text = Native.ReadBytes((b, cap, w) => NativeMethods.lp_puzzle_lost_text(raw, b, cap, w));
                return Encoding.UTF8.GetString(text, 0, text.Length - 1);
            }
            catch (LpException e) when (e.Status == Status.NotFound)
            {
                return null;
            }
        }

        /// <summary>The sentence of the last hint ("slide 7 left: the first move of a shortest solution");
        /// null when no hint was given from this position. Allocates: call it when the player asks to read
        /// the hint, not every frame.</summary>
        public string HintText()
        {
            LpPuzzle* raw = Raw;
            UIntPtr needed;
            if (NativeMethods.lp_hint_text(raw, null, UIntPtr.Zero, &needed) == LpStatus.LP_NOT_FOUND) return null;
            byte[] text = Native.ReadBytes((b, cap, w) => NativeMethods.lp_hint_text(raw, b, cap, w));
            return Encoding.UTF8.GetString(text, 0, text.Length - 1);
        }

        /// <summary>The words of tier <paramref name="tier"/> of the last hint, read off the plan it came
        /// from (hint coins): 1 where to look, 2 what to move, 3 the move, 4 the plan (its first
        /// <paramref name="moves"/> moves); null when no hint was given from this position.</summary>
        public string HintTierText(int tier, int moves = 3)
        {
            if (tier < 0) throw new ArgumentOutOfRangeException("tier");
            if (moves < 0) throw new ArgumentOutOfRangeException("moves");
            LpPuzzle* raw = Raw;
            uint t = (uint)tier, m = (uint)moves;
            UIntPtr needed;
            if (NativeMethods.lp_hint_tier_text(raw, t, m, null, UIntPtr.Zero, &needed) == LpStatus.LP_NOT_FOUND) return null;
            byte[] text = Native.ReadBytes((b, cap, w) => NativeMethods.lp_hint_tier_text(raw, t, m, b, cap, w));
            return Encoding.UTF8.GetString(text, 0, text.Length - 1);
        }

        /// <summary>Copies the cells of tier <paramref name="tier"/> of the last hint (tier 1's hold tier
        /// 2's) into `cells` and returns how many there are, -1 when no hint was given from this position;
        /// allocates nothing.</summary>
        public int ReadHintTierCells(int tier, ushort[] cells)
        {
            if (tier < 0) throw new ArgumentOutOfRangeException("tier");
            if (cells == null) throw new ArgumentNullException("cells");
            UIntPtr written;
            fixed (ushort* p = cells)
            {
                LpStatus status = NativeMethods.lp_hint_tier_cells(Raw, (uint)tier, p, (UIntPtr)cells.Length, &written);
                if (status == LpStatus.LP_NOT_FOUND) return -1;
                Native.Check(status);
            }
            return (int)written.ToUInt64();
        }

        /// <summary>Tier 4 of the last hint: copies its plan's next moves into `moves` (at most its
        /// length, the first the hint's move) and returns how many, -1 when no hint was given from this
        /// position; allocates nothing.</summary>
        public int ReadHintPlan(Move[] moves)
        {
            if (moves == null) throw new ArgumentNullException("moves");
            UIntPtr written;
            fixed (Move* p = moves)
            {
                LpStatus status = NativeMethods.lp_hint_plan(Raw, (LpMove*)p, (UIntPtr)moves.Length, &written);
                if (status == LpStatus.LP_NOT_FOUND) return -1;
                Native.Check(status);
            }
            return (int)written.ToUInt64();
        }

        /// <summary>Copies the cells the last hint concerns (row-major indices of the board) into `cells`
        /// and returns how many there are, -1 when no hint was given from this position; allocates
        /// nothing.</summary>
        public int ReadHintCells(ushort[] cells)
        {
            if (cells == null) throw new ArgumentNullException("cells");
            UIntPtr written;
            fixed (ushort* p = cells)
            {
                LpStatus status = NativeMethods.lp_hint_cells(Raw, p, (UIntPtr)cells.Length, &written);
                if (status == LpStatus.LP_NOT_FOUND) return -1;
                Native.Check(status);
            }
            return (int)written.ToUInt64();
        }

        /// <summary>Sets one of the family's play options (FamilyInfo.Options), such as "heuristic".</summary>
        public void SetOption(string key, string value)
        {
            byte[] k = Native.Utf8(key), v = Native.Utf8(value);
            fixed (byte* pk = k)
            fixed (byte* pv = v)
            {
                Native.Check(NativeMethods.lp_puzzle_set_option(Raw, pk, pv));
            }
        }

        /// <summary>The description of the current position (parsing it resumes the game).</summary>
        public string Describe()
        {
            LpPuzzle* raw = Raw;
            byte[] text = Native.ReadBytes((b, cap, w) => NativeMethods.lp_puzzle_describe(raw, b, cap, w));
            return Encoding.UTF8.GetString(text, 0, text.Length - 1);
        }

        /// <summary>The sentence of `move` played from the current position ("slide 7 left"); throws
        /// LpException (Status.IllegalMove) when it is not legal there.</summary>
        public string MoveText(Move move)
        {
            LpPuzzle* raw = Raw;
            LpMove mv = new LpMove { piece = move.Piece, from = move.From, to = move.To, arg = move.Arg };
            byte[] text = Native.ReadBytes((b, cap, w) => NativeMethods.lp_puzzle_move_text(raw, mv, b, cap, w));
            return Encoding.UTF8.GetString(text, 0, text.Length - 1);
        }

        /// <summary>How the sentences name piece <paramref name="piece"/> (key "name": "the X pentomino",
        /// "truck C") or its label in drawings (key "label": "X", "C"); null for a family whose moves name no
        /// piece, or no such piece.</summary>
        public string PieceName(uint piece, string key = "name")
        {
            LpPuzzle* raw = Raw;
            byte[] k = Native.Utf8(key);
            fixed (byte* pk = k)
            {
                byte* kp = pk;
                UIntPtr needed;
                if (NativeMethods.lp_puzzle_piece_name(raw, piece, kp, null, UIntPtr.Zero, &needed) == LpStatus.LP_NOT_FOUND) return null;
                byte[] text = Native.ReadBytes((b, cap, w) => NativeMethods.lp_puzzle_piece_name(raw, piece, kp, b, cap, w));
                return Encoding.UTF8.GetString(text, 0, text.Length - 1);
            }
        }

        public int Width
        {
            get { uint w, h; Native.Check(NativeMethods.lp_puzzle_size(Raw, &w, &h)); return (int)w; }
        }

        public int Height
        {
            get { uint w, h; Native.Check(NativeMethods.lp_puzzle_size(Raw, &w, &h)); return (int)h; }
        }

        /// <summary>Fills `cells` (Width × Height values) with the current board, allocating nothing.</summary>
        public void ReadCells(int[] cells)
        {
            if (cells == null) throw new ArgumentNullException("cells");
            UIntPtr written;
            fixed (int* p = cells)
            {
                Native.Check(NativeMethods.lp_puzzle_cells(Raw, p, (UIntPtr)cells.Length, &written));
            }
        }

        /// <summary>Plays a move. Throws LpException (Status.IllegalMove) and leaves the position unchanged
        /// when it is not legal.</summary>
        public void Apply(Move move)
        {
            Native.Check(NativeMethods.lp_puzzle_apply(Raw, *(LpMove*)&move));
        }

        /// <summary>Plays a move if it is legal; never throws on a live puzzle.</summary>
        public bool TryApply(Move move)
        {
            return NativeMethods.lp_puzzle_apply(Raw, *(LpMove*)&move) == LpStatus.LP_OK;
        }

        /// <summary>Takes back the last move: the position before it is the current one again, every piece
        /// where it was, and the hint is dropped (as a move drops it). False when there is no move to undo.
        /// Allocates nothing.</summary>
        public bool Undo()
        {
            return Native.Found(NativeMethods.lp_puzzle_undo(Raw));
        }

        /// <summary>Plays again the last move undone; false when there is none (a move played forgets
        /// them). Allocates nothing once the history is reserved (ReserveHistory).</summary>
        public bool Redo()
        {
            return Native.Found(NativeMethods.lp_puzzle_redo(Raw));
        }

        /// <summary>The moves undo can take back.</summary>
        public int MovesPlayed
        {
            get { UIntPtr played, undone; Native.Check(NativeMethods.lp_puzzle_history_len(Raw, &played, &undone)); return (int)played.ToUInt64(); }
        }

        /// <summary>The moves redo can play again.</summary>
        public int MovesUndone
        {
            get { UIntPtr played, undone; Native.Check(NativeMethods.lp_puzzle_history_len(Raw, &played, &undone)); return (int)undone.ToUInt64(); }
        }

        /// <summary>The history's moves: those played (oldest first, MovesPlayed of them), then those undone
        /// in the order Redo plays them. Allocates: a tool's or a replay's call.</summary>
        public Move[] History()
        {
            UIntPtr needed;
            LpStatus status = NativeMethods.lp_puzzle_history(Raw, null, UIntPtr.Zero, &needed);
            if (status == LpStatus.LP_OK) return new Move[0];
            if (status != LpStatus.LP_ERR_BUFFER_TOO_SMALL) Native.Check(status);
            Move[] moves = new Move[(int)needed.ToUInt64()];
            fixed (Move* p = moves)
            {
                Native.Check(NativeMethods.lp_puzzle_history(Raw, (LpMove*)p, (UIntPtr)moves.Length, &needed));
            }
            return moves;
        }

        /// <summary>Reserves room for `moves` moves of history: playing, Undo, Redo and CopyFrom that many
        /// then allocate nothing.</summary>
        public void ReserveHistory(int moves)
        {
            if (moves < 0) throw new ArgumentOutOfRangeException("moves");
            Native.Check(NativeMethods.lp_puzzle_reserve_history(Raw, (UIntPtr)moves));
        }

        /// <summary>A copy of the game (the level with its options, the position with every piece's number,
        /// the history) to try moves on without touching this one. Dispose it as any puzzle.</summary>
        public Puzzle Clone()
        {
            LpPuzzle* raw;
            Native.Check(NativeMethods.lp_puzzle_clone(Raw, &raw));
            return new Puzzle(raw, custom);
        }

        /// <summary>Makes this puzzle the game `source` is (same level: a Clone, or the level loaded twice):
        /// its position and history. Allocates nothing when the history has room. Throws LpException
        /// (InvalidArgument) for another level.</summary>
        public void CopyFrom(Puzzle source)
        {
            if (source == null) throw new ArgumentNullException("source");
            if (ReferenceEquals(source, this)) return;
            Native.Check(NativeMethods.lp_puzzle_copy_from(Raw, source.Raw));
        }

        public bool IsSolved
        {
            get { bool solved; Native.Check(NativeMethods.lp_puzzle_is_solved(Raw, &solved)); return solved; }
        }

        /// <summary>Per frame: the next hint, expanding at most `budget` nodes. InProgress until it is
        /// ready. Never throws on a live puzzle and allocates nothing.</summary>
        public Status NextHint(uint budget, out Hint hint)
        {
            LpHint raw;
            LpStatus status = NativeMethods.lp_next_hint(Raw, budget, &raw);
            hint = HintOf(raw);
            return (Status)status;
        }

        /// <summary>Per frame: proves the solution a pack or a generator handed with the puzzle (a pack's is
        /// not vouched for, so hints along it are not called optimal) by an optimal search from the start,
        /// at most `budget` nodes a call. InProgress until done; Ok: hints along the plan now say optimal;
        /// NotFound: nothing to prove (LastError says why). Never throws on a live puzzle.</summary>
        public Status ProvePlan(uint budget)
        {
            return (Status)NativeMethods.lp_puzzle_prove_plan(Raw, budget);
        }

        /// <summary>Per frame: the next hint, working at most `microseconds` instead of a node budget
        /// (slices of at most half the time left, so a call ends within about that time). InProgress until
        /// it is ready. Allocates nothing; available on every platform Unity builds, WebGL included.</summary>
        public Status NextHintTimed(uint microseconds, out Hint hint)
        {
            LpHint raw;
            LpStatus status = NativeMethods.lp_next_hint_timed(Raw, microseconds, &raw);
            hint = HintOf(raw);
            return (Status)status;
        }

        /// <summary>Per frame, "check my board": from the position and the moves made since the start,
        /// whether it can still be solved, the distances now and at the start, the first move off every
        /// shortest solution and the move that lost the puzzle. InProgress until Ok fills `check`.
        /// Allocates nothing.</summary>
        public Status CheckBoard(uint budget, out BoardCheck check)
        {
            LpBoardCheck raw;
            LpStatus status = NativeMethods.lp_check_board(Raw, budget, &raw);
            check = new BoardCheck
            {
                Distance = raw.distance,
                StartDistance = raw.start_distance,
                FirstWrong = raw.first_wrong,
                LostAt = raw.lost_at,
                Moves = raw.moves,
                Exact = raw.exact != 0,
                MistakeCells = raw.mistake_cells,
                MistakesKnown = raw.mistakes_known != 0,
            };
            return (Status)status;
        }

        /// <summary>Per frame, "solve the trivial steps": works at most `budget` units; InProgress until
        /// done (call again from the same position), then Ok with the moves played in `played` (an array
        /// of at least `maxMoves`, reused frame to frame) and their count in `count`: every segment the
        /// rules (reason codes; none: all) fix for a family that deduces (Linjat) — NotFound and nothing
        /// played when a segment drawn is in no solution (take it off first: CheckBoard names it) — else
        /// forced moves (each its position's only move to a solvable one), at most `maxMoves`. OutOfNodes
        /// when a search reached the node limit before any move. Allocates nothing.</summary>
        public Status TrivialSteps(uint budget, Move[] played, out int count, int maxMoves = 1000, params uint[] rules)
        {
            if (played == null) throw new ArgumentNullException("played");
            if (maxMoves < 0 || maxMoves > played.Length) throw new ArgumentOutOfRangeException("maxMoves", "between 0 and played.Length");
            UIntPtr written = UIntPtr.Zero;
            LpStatus status;
            fixed (uint* r = rules)
            fixed (Move* p = played)
            {
                int n = rules == null ? 0 : rules.Length;
                status = NativeMethods.lp_trivial_steps(Raw, r, (UIntPtr)n, budget, (uint)maxMoves, (LpMove*)p, (UIntPtr)maxMoves, &written);
            }
            count = status == LpStatus.LP_OK ? (int)written.ToUInt64() : 0;
            return (Status)status;
        }

        /// <summary>Copies the cells of the parts the last check found wrong into `cells` and returns how
        /// many there are; allocates nothing.</summary>
        public int ReadCheckCells(ushort[] cells)
        {
            if (cells == null) throw new ArgumentNullException("cells");
            UIntPtr written;
            fixed (ushort* p = cells)
            {
                Native.Check(NativeMethods.lp_check_cells(Raw, p, (UIntPtr)cells.Length, &written));
            }
            return (int)written.ToUInt64();
        }

        /// <summary>After NextHint returned OutOfNodes: the first move toward the position closest to the
        /// goal that the search reached (hint.Reason == PartialReason, never optimal, MovesLeft an
        /// estimate); NotFound when there is none. Allocates nothing.</summary>
        public Status PartialHint(out Hint hint)
        {
            LpHint raw;
            LpStatus status = NativeMethods.lp_partial_hint(Raw, &raw);
            hint = HintOf(raw);
            return (Status)status;
        }

        /// <summary>The Reason of a partial hint (PartialHint).</summary>
        public const uint PartialReason = 0xFFFFFFFF;

        private static Hint HintOf(LpHint raw)
        {
            Hint hint;
            hint.Move = *(Move*)&raw.mv;
            hint.MovesLeft = raw.moves_left;
            hint.Optimal = raw.optimal != 0;
            hint.Reason = raw.reason;
            return hint;
        }

        /// <summary>Per frame: true when a hint is ready (false while the search runs, and when there is no
        /// hint: solved, unsolvable, out of nodes — NextHint says which, and Status.IsFinal() whether to
        /// keep asking: a game loop that must tell "still thinking" from "the search ended" calls
        /// NextHint). The budget is unsigned, as in NextHint: a negative number does not compile, and no
        /// budget runs past the puzzle's node limit
        /// (SetNodeLimit; 100,000,000 expansions until set). Allocates nothing.</summary>
        public bool TryNextHint(uint budget, out Hint hint)
        {
            return NextHint(budget, out hint) == Status.Ok;
        }

        /// <summary>A stepped solver from the current position.</summary>
        public Solver CreateSolver(Algorithm algorithm, uint nodeCap)
        {
            LpSolver* raw;
            Native.Check(NativeMethods.lp_solver_create(Raw, (uint)algorithm, nodeCap, &raw));
            return new Solver(raw, custom);
        }

        /// <summary>A stepped solver for the algorithm named as the CLI names it ("ida", "wastar:3/2",
        /// "beam:64", "anneal:iterations=5000").</summary>
        public Solver CreateSolver(string algorithm, uint nodeCap)
        {
            byte[] name = Native.Utf8(algorithm);
            LpSolver* raw;
            fixed (byte* p = name)
            {
                Native.Check(NativeMethods.lp_solver_create_named(Raw, p, nodeCap, &raw));
            }
            return new Solver(raw, custom);
        }

        /// <summary>Bounds the work of every hint search: NextHint returns OutOfNodes once a search has
        /// expanded `limit` nodes over its frames.</summary>
        public void SetNodeLimit(ulong limit)
        {
            Native.Check(NativeMethods.lp_puzzle_set_node_limit(Raw, limit));
        }

        /// <summary>Bounds the memory of every hint, check and trivial-steps search to `bytes`: a family
        /// that can shrinks its search to fit (Sokoban), others answer NextHint with OutOfMemory.</summary>
        public void SetMemoryLimit(ulong bytes)
        {
            Native.Check(NativeMethods.lp_puzzle_set_memory_limit(Raw, bytes));
        }

        /// <summary>The bytes CreateSolver reserves for `algorithm` and `nodeCap` on this puzzle.</summary>
        public ulong SolverBytes(Algorithm algorithm, uint nodeCap)
        {
            ulong bytes;
            Native.Check(NativeMethods.lp_solver_bytes(Raw, (uint)algorithm, nodeCap, &bytes));
            return bytes;
        }

        /// <summary>Uses precomputed tables (4×4 pattern databases, the 3×3 distance table).</summary>
        public void SetTables(Tables tables)
        {
            Native.Check(NativeMethods.lp_puzzle_set_tables(Raw, tables.Raw));
        }

        /// <summary>The current position as a one-puzzle pack (for Pack.Load).</summary>
        public byte[] Save()
        {
            LpPuzzle* raw = Raw;
            return Native.ReadBytes((b, cap, w) => NativeMethods.lp_puzzle_save(raw, b, cap, w));
        }

        /// <summary>The moves the family's searches consider from here (every legal move for most families),
        /// each naming its piece as the level does. Allocates: a tool's or a menu's call.</summary>
        public Move[] Moves()
        {
            UIntPtr needed;
            LpStatus status = NativeMethods.lp_puzzle_moves(Raw, null, UIntPtr.Zero, &needed);
            if (status == LpStatus.LP_OK) return new Move[0];
            if (status != LpStatus.LP_ERR_BUFFER_TOO_SMALL) Native.Check(status);
            Move[] moves = new Move[(int)needed.ToUInt64()];
            fixed (Move* p = moves)
            {
                Native.Check(NativeMethods.lp_puzzle_moves(Raw, (LpMove*)p, (UIntPtr)moves.Length, &needed));
            }
            return moves;
        }

        /// <summary>One step of a rule solver's deduction (Linjat): its rule (a hint reason code), its count
        /// and the cells it fixed.</summary>
        public struct DeductionStep
        {
            public uint Reason;
            public uint Width;
            public ushort[] Cells;
        }

        /// <summary>The rule solver's deduction from here, step by step, and whether the rules solve the
        /// position. Throws LpException (InvalidArgument) for a family without one.</summary>
        public DeductionStep[] Deduction(out bool solved)
        {
            UIntPtr count, cellCount;
            bool done;
            LpStatus status = NativeMethods.lp_puzzle_deduction(Raw, null, UIntPtr.Zero, &count, &done);
            if (status != LpStatus.LP_OK && status != LpStatus.LP_ERR_BUFFER_TOO_SMALL) Native.Check(status);
            var steps = new LpDeductionStep[(int)count.ToUInt64()];
            fixed (LpDeductionStep* ps = steps)
            {
                Native.Check(NativeMethods.lp_puzzle_deduction(Raw, ps, (UIntPtr)steps.Length, &count, &done));
            }
            status = NativeMethods.lp_puzzle_deduction_cells(Raw, null, UIntPtr.Zero, &cellCount);
            if (status != LpStatus.LP_OK && status != LpStatus.LP_ERR_BUFFER_TOO_SMALL) Native.Check(status);
            var cells = new ushort[(int)cellCount.ToUInt64()];
            fixed (ushort* pc = cells)
            {
                Native.Check(NativeMethods.lp_puzzle_deduction_cells(Raw, pc, (UIntPtr)cells.Length, &cellCount));
            }
            var result = new DeductionStep[steps.Length];
            int at = 0;
            for (int i = 0; i < steps.Length; i++)
            {
                int n = Math.Min((int)steps[i].cell_count, cells.Length - at);
                var own = new ushort[n];
                Array.Copy(cells, at, own, 0, n);
                at += n;
                result[i] = new DeductionStep { Reason = steps[i].reason, Width = steps[i].width, Cells = own };
            }
            solved = done;
            return result;
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>A stepped search from a puzzle's position at creation.</summary>
    public sealed unsafe class Solver : IDisposable
    {
        private readonly NativeHandle handle;

        internal Solver(LpSolver* raw, CustomContext custom = null)
        {
            // A custom puzzle's solver calls the game too: its context lives as long as the solver.
            if (custom != null) custom.Enter();
            handle = new NativeHandle((IntPtr)raw, p =>
            {
                NativeMethods.lp_solver_free((LpSolver*)p);
                if (custom != null) custom.Leave();
            });
        }

        private LpSolver* Raw
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException("Solver");
                return (LpSolver*)handle.DangerousGetHandle();
            }
        }

        /// <summary>Per frame: expands at most `budget` nodes. Allocates nothing.</summary>
        public Status Step(uint budget)
        {
            return (Status)NativeMethods.lp_solver_step(Raw, budget);
        }

        /// <summary>The solution. Throws LpException while the solver has not found one.</summary>
        public Move[] Moves()
        {
            UIntPtr needed;
            LpStatus status = NativeMethods.lp_solver_moves(Raw, null, UIntPtr.Zero, &needed);
            if (status == LpStatus.LP_OK) return new Move[0];
            if (status != LpStatus.LP_ERR_BUFFER_TOO_SMALL) throw new LpException((Status)status, Native.LastError());
            Move[] moves = new Move[(int)needed.ToUInt64()];
            fixed (Move* p = moves)
            {
                Native.Check(NativeMethods.lp_solver_moves(Raw, (LpMove*)p, (UIntPtr)moves.Length, &needed));
            }
            return moves;
        }

        /// <summary>Ends the run with OutOfNodes once it has expanded `limit` nodes in all.</summary>
        public void SetNodeLimit(ulong limit)
        {
            Native.Check(NativeMethods.lp_solver_set_node_limit(Raw, limit));
        }

        /// <summary>Nodes expanded so far.</summary>
        public ulong Expanded
        {
            get { LpStats stats; Native.Check(NativeMethods.lp_solver_stats(Raw, &stats)); return stats.expanded; }
        }

        /// <summary>Whether the solution found is proven shortest (an exact algorithm and, for A* and IDA*, a
        /// heuristic the family declares admissible); false before a solution and for "not proven optimal".</summary>
        public bool IsOptimal
        {
            get { LpStats stats; Native.Check(NativeMethods.lp_solver_stats(Raw, &stats)); return stats.optimal != 0; }
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>Puzzles of any family by a parameter text, rated exactly and distinct, stepped per frame.</summary>
    public sealed unsafe class Generator : IDisposable
    {
        private readonly NativeHandle handle;
        /// <summary>For custom puzzles, the game whose callbacks draw and rate them (null otherwise).</summary>
        private readonly CustomContext custom;

        /// <summary>A generator for the family named `family` from a parameter text: "preset=hard",
        /// "size=4x4,min=20,max=30", or both (Registry.Families lists the parameters and presets). Throws
        /// LpException (InvalidArgument) naming an unknown family or key, or a value out of range. The same
        /// seed gives the same puzzles.</summary>
        public Generator(string family, string parameters, ulong seed)
        {
            Native.Require();
            byte[] f = Native.Utf8(family), p = Native.Utf8(parameters);
            LpGenerator* raw;
            fixed (byte* pf = f)
            fixed (byte* pp = p)
            {
                Native.Check(NativeMethods.lp_generator_create_text(pf, pp, seed, &raw));
            }
            handle = new NativeHandle((IntPtr)raw, q => NativeMethods.lp_generator_free((LpGenerator*)q));
        }

        private Generator(LpGenerator* raw, CustomContext custom)
        {
            this.custom = custom;
            if (custom != null) custom.Enter();
            handle = new NativeHandle((IntPtr)raw, q =>
            {
                NativeMethods.lp_generator_free((LpGenerator*)q);
                if (custom != null) custom.Leave();
            });
        }

        /// <summary>Puzzles like `like`: its family's (from `parameters` as for a family), or for a custom
        /// puzzle "min=,max=" (the band of the cheapest cost, rated exactly), "method=draw" (the game's Draw)
        /// or "method=scramble,steps=N" (random moves from `like`'s position). Throws LpException.</summary>
        public static Generator Like(Puzzle like, string parameters, ulong seed)
        {
            if (like == null) throw new ArgumentNullException("like");
            byte[] p = Native.Utf8(parameters);
            LpGenerator* raw;
            fixed (byte* pp = p)
            {
                Native.Check(NativeMethods.lp_generator_create_like(like.Raw, pp, seed, &raw));
            }
            return new Generator(raw, like.GameContext);
        }

        /// <summary>Sets the run's limits (0 keeps one as it is): misses in a row, node expansions in all,
        /// and expansions one candidate's rating may take.</summary>
        public void SetLimits(ulong maxMisses, ulong maxNodes, ulong candidateNodes)
        {
            if (handle.IsClosed) throw new ObjectDisposedException("Generator");
            Native.Check(NativeMethods.lp_generator_set_limits((LpGenerator*)handle.DangerousGetHandle(), maxMisses, maxNodes, candidateNodes));
        }

        /// <summary>Gives precomputed tables to every candidate from now on (they keep what they need).</summary>
        public void SetTables(Tables tables)
        {
            if (handle.IsClosed) throw new ObjectDisposedException("Generator");
            if (tables == null) throw new ArgumentNullException("tables");
            Native.Check(NativeMethods.lp_generator_set_tables((LpGenerator*)handle.DangerousGetHandle(), tables.Raw));
        }

        /// <summary>One puzzle at once (blocking: a loading screen's or a tool's call), with its rating.
        /// Throws LpException saying why when the run ends without one.</summary>
        public static Puzzle Generate(string family, string parameters, ulong seed, out uint rating)
        {
            Native.Require();
            byte[] f = Native.Utf8(family), p = Native.Utf8(parameters);
            LpPuzzle* raw;
            uint value;
            fixed (byte* pf = f)
            fixed (byte* pp = p)
            {
                Native.Check(NativeMethods.lp_generate(pf, pp, seed, &raw, &value));
            }
            rating = value;
            return new Puzzle(raw);
        }

        /// <summary>Per frame: spends at most `budget` nodes. Ok with the puzzle and its rating when one is
        /// ready (every puzzle of a run is a distinct level); NotFound when the run ends without one (the
        /// band holds no more, or a limit was reached).</summary>
        public Status Step(uint budget, out Puzzle puzzle, out uint rating)
        {
            if (handle.IsClosed) throw new ObjectDisposedException("Generator");
            LpPuzzle* raw = null;
            uint value = 0;
            LpStatus status = NativeMethods.lp_generator_step((LpGenerator*)handle.DangerousGetHandle(), budget, &raw, &value);
            puzzle = status == LpStatus.LP_OK ? new Puzzle(raw, custom) : null;
            rating = value;
            return Native.Outcome(status);
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>The genetic algorithm on a Hargram puzzle (the earlier systems' solver), stepped.</summary>
    public sealed unsafe class Ga : IDisposable
    {
        private readonly NativeHandle handle;

        /// <summary>Throws LpException (InvalidArgument) for another family or bad parameters.</summary>
        public Ga(Puzzle puzzle, GaParams parameters, ulong seed)
        {
            Native.Require();
            LpGaParams raw = new LpGaParams
            {
                population = parameters.Population,
                generations = parameters.Generations,
                tournament = parameters.Tournament,
                crossover = parameters.Crossover,
                mutation = parameters.Mutation,
            };
            LpGa* ga;
            Native.Check(NativeMethods.lp_ga_create(puzzle.Raw, &raw, seed, &ga));
            handle = new NativeHandle((IntPtr)ga, p => NativeMethods.lp_ga_free((LpGa*)p));
        }

        private Ga(LpGa* ga)
        {
            handle = new NativeHandle((IntPtr)ga, p => NativeMethods.lp_ga_free((LpGa*)p));
        }

        /// <summary>Simulated annealing on the same genome (the GA's rival, stepped and read the same
        /// way; a report's Generation counts walks). `schedule`: "iterations=N,t_start=T,t_end=T,restarts=N,
        /// seed=N", any of them, or null for the defaults.</summary>
        public static Ga Anneal(Puzzle puzzle, string schedule = null)
        {
            LpGa* ga;
            if (schedule == null)
            {
                Native.Check(NativeMethods.lp_anneal_create(puzzle.Raw, null, &ga));
            }
            else
            {
                byte[] text = Native.Utf8(schedule);
                fixed (byte* s = text)
                {
                    Native.Check(NativeMethods.lp_anneal_create(puzzle.Raw, s, &ga));
                }
            }
            return new Ga(ga);
        }

        private LpGa* Raw
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException("Ga");
                return (LpGa*)handle.DangerousGetHandle();
            }
        }

        /// <summary>Per frame: at most `budget` evaluations. InProgress, Ok (full cover) or NotFound.</summary>
        public Status Step(uint budget, out GaReport report)
        {
            LpGaReport raw;
            LpStatus status = NativeMethods.lp_ga_step(Raw, budget, &raw);
            report.Generation = raw.generation;
            report.BestFitness = raw.best_fitness;
            report.Perfect = raw.perfect;
            report.Found = raw.found != 0;
            report.Evaluations = raw.evaluations;
            return (Status)status;
        }

        /// <summary>The best individual's placements, playable with Puzzle.Apply.</summary>
        public Move[] Best()
        {
            UIntPtr needed;
            LpStatus status = NativeMethods.lp_ga_best(Raw, null, UIntPtr.Zero, &needed);
            if (status == LpStatus.LP_OK) return new Move[0];
            if (status != LpStatus.LP_ERR_BUFFER_TOO_SMALL) Native.Check(status);
            Move[] moves = new Move[(int)needed.ToUInt64()];
            fixed (Move* p = moves)
            {
                Native.Check(NativeMethods.lp_ga_best(Raw, (LpMove*)p, (UIntPtr)moves.Length, &needed));
            }
            return moves;
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>A pack of levels with their answers.</summary>
    public sealed unsafe class Pack : IDisposable
    {
        private readonly NativeHandle handle;
        /// <summary>For a pack of custom puzzles, the game that reads its levels (null otherwise).</summary>
        private readonly CustomContext custom;

        private Pack(LpPack* raw, CustomContext custom = null)
        {
            this.custom = custom;
            if (custom != null) custom.Enter();
            handle = new NativeHandle((IntPtr)raw, p =>
            {
                NativeMethods.lp_pack_free((LpPack*)p);
                if (custom != null) custom.Leave();
            });
        }

        /// <summary>Loads a pack of puzzles of the same kind as `like`: for custom puzzles, whose levels
        /// only their game reads (the puzzles opened share it). Throws LpException as Load does.</summary>
        public static Pack LoadLike(byte[] bytes, Puzzle like)
        {
            Native.Require();
            if (bytes == null) throw new ArgumentNullException("bytes");
            if (like == null) throw new ArgumentNullException("like");
            LpPack* raw;
            fixed (byte* p = bytes)
            {
                Native.Check(NativeMethods.lp_pack_load_like(p, (UIntPtr)bytes.Length, like.Raw, &raw));
            }
            return new Pack(raw, like.GameContext);
        }

        /// <summary>Loads a pack. Throws LpException: CorruptData for damaged bytes, Version for another
        /// format version.</summary>
        public static Pack Load(byte[] bytes)
        {
            Native.Require();
            if (bytes == null) throw new ArgumentNullException("bytes");
            LpPack* raw;
            fixed (byte* p = bytes)
            {
                Native.Check(NativeMethods.lp_pack_load(p, (UIntPtr)bytes.Length, &raw));
            }
            return new Pack(raw);
        }

        private LpPack* Raw
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException("Pack");
                return (LpPack*)handle.DangerousGetHandle();
            }
        }

        public int Count
        {
            get { UIntPtr n; Native.Check(NativeMethods.lp_pack_len(Raw, &n)); return (int)n.ToUInt64(); }
        }

        /// <summary>A new puzzle from level `index`: hints follow its stored solution without searching.</summary>
        public Puzzle Open(int index)
        {
            if (index < 0) throw new ArgumentOutOfRangeException("index");
            LpPuzzle* raw;
            Native.Check(NativeMethods.lp_pack_puzzle(Raw, (UIntPtr)index, &raw));
            return new Puzzle(raw, custom);
        }

        public uint Rating(int index)
        {
            if (index < 0) throw new ArgumentOutOfRangeException("index");
            uint rating;
            Native.Check(NativeMethods.lp_pack_rating(Raw, (UIntPtr)index, &rating));
            return rating;
        }

        /// <summary>A label of entry <paramref name="index"/> ("name" or "tier"), or null when it has none.</summary>
        public string Label(int index, string key)
        {
            if (index < 0) throw new ArgumentOutOfRangeException("index");
            byte[] k = Native.Utf8(key);
            UIntPtr needed;
            fixed (byte* pk = k)
            {
                LpStatus status = NativeMethods.lp_pack_label(Raw, (UIntPtr)index, pk, null, UIntPtr.Zero, &needed);
                if (status == LpStatus.LP_NOT_FOUND) return null;
                if (status != LpStatus.LP_ERR_BUFFER_TOO_SMALL) Native.Check(status);
                byte[] text = new byte[(int)needed.ToUInt64()];
                fixed (byte* p = text)
                {
                    Native.Check(NativeMethods.lp_pack_label(Raw, (UIntPtr)index, pk, p, (UIntPtr)text.Length, &needed));
                }
                return Encoding.UTF8.GetString(text, 0, text.Length - 1);
            }
        }

        /// <summary>The pack's own name, or null when it was written without one.</summary>
        public string Name
        {
            get
            {
                UIntPtr needed;
                if (NativeMethods.lp_pack_name(Raw, null, UIntPtr.Zero, &needed) == LpStatus.LP_NOT_FOUND) return null;
                byte[] text = Native.ReadBytes((b, c, w) => NativeMethods.lp_pack_name(Raw, b, c, w));
                return Encoding.UTF8.GetString(text, 0, text.Length - 1);
            }
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>A pack being written: Add puzzles (a generated one keeps its solution), then ToBytes for
    /// a `.lpk` file that `lp pack verify` accepts and Pack.Load reads.</summary>
    public sealed unsafe class PackWriter : IDisposable
    {
        private readonly NativeHandle handle;

        public PackWriter()
        {
            Native.Require();
            LpPackWriter* raw;
            Native.Check(NativeMethods.lp_pack_writer_create(&raw));
            handle = new NativeHandle((IntPtr)raw, p => NativeMethods.lp_pack_writer_free((LpPackWriter*)p));
        }

        private LpPackWriter* Raw
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException("PackWriter");
                return (LpPackWriter*)handle.DangerousGetHandle();
            }
        }

        /// <summary>Adds the puzzle as it stands with its rating, a name and a tier (null for none).
        /// Throws LpException (InvalidArgument) when the rating contradicts its stored solution.</summary>
        public void Add(Puzzle puzzle, uint rating, string name = null, string tier = null)
        {
            if (puzzle == null) throw new ArgumentNullException("puzzle");
            byte[] n = name == null ? null : Native.Utf8(name), t = tier == null ? null : Native.Utf8(tier);
            fixed (byte* pn = n)
            fixed (byte* pt = t)
            {
                Native.Check(NativeMethods.lp_pack_writer_add(Raw, puzzle.Raw, rating, pn, pt));
            }
        }

        /// <summary>Names the pack (null: no name), kept in its bytes and read back as Pack.Name. Throws
        /// LpException (InvalidArgument) for a name longer than 1,024 bytes.</summary>
        public void SetName(string name)
        {
            byte[] n = name == null ? null : Native.Utf8(name);
            fixed (byte* pn = n)
            {
                Native.Check(NativeMethods.lp_pack_writer_set_name(Raw, pn));
            }
        }

        /// <summary>The pack's bytes.</summary>
        public byte[] ToBytes()
        {
            UIntPtr needed;
            NativeMethods.lp_pack_writer_bytes(Raw, null, UIntPtr.Zero, &needed);
            byte[] bytes = new byte[(int)needed.ToUInt64()];
            fixed (byte* p = bytes)
            {
                Native.Check(NativeMethods.lp_pack_writer_bytes(Raw, p, needed, &needed));
            }
            return bytes;
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>Precomputed tables loaded from bytes (from `lp tables build`).</summary>
    public sealed unsafe class Tables : IDisposable
    {
        private readonly NativeHandle handle;

        /// <summary>Throws LpException: CorruptData or Version.</summary>
        public Tables(byte[] bytes)
        {
            Native.Require();
            if (bytes == null) throw new ArgumentNullException("bytes");
            LpTables* raw;
            fixed (byte* p = bytes)
            {
                Native.Check(NativeMethods.lp_tables_load(p, (UIntPtr)bytes.Length, &raw));
            }
            handle = new NativeHandle((IntPtr)raw, p => NativeMethods.lp_tables_free((LpTables*)p));
        }

        internal LpTables* Raw
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException("Tables");
                return (LpTables*)handle.DangerousGetHandle();
            }
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
