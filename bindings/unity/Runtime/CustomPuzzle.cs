// A game's own puzzle from C#: derive from CustomPuzzle, and Puzzle.Custom gives it every engine service
// (per-frame hints, every solver algorithm). The engine calls back through static methods marked
// [MonoPInvokeCallback] (what IL2CPP needs: no closure or instance delegate crosses into native code),
// with the game's object found by its slot in a static table, passed as the context. Nothing is
// allocated per call: states are pointers into the engine's memory, and a state's successors are
// gathered in unmanaged buffers reserved once per game, then handed to the engine in one call with each
// one's estimate and goal flag (lp_custom_emit_scored), so that the engine need not call back for them.

using System;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace LpHint
{
    /// <summary>Marks a static method called from native code (IL2CPP matches the attribute by name).</summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type delegateType)
        {
            DelegateType = delegateType;
        }

        public Type DelegateType { get; private set; }
    }

    /// <summary>A game's own puzzle. A state is StateSize bytes; the engine stores states itself and passes
    /// them as pointers valid for the call. The methods run inside the engine's calls (hints, solvers): they
    /// must not call the engine on the same puzzle, and for a garbage-free frame they should not allocate.
    /// An exception thrown by one becomes LP_ERR_CALLBACK (Status.Callback) for the puzzle.</summary>
    public abstract unsafe class CustomPuzzle
    {
        /// <summary>Bytes of a state (1 to 256).</summary>
        public abstract int StateSize { get; }

        /// <summary>Most successors any state has (1 to 4096).</summary>
        public abstract int MaxSuccessors { get; }

        /// <summary>Whether Estimate never exceeds the cheapest cost to a goal (then optimal searches and
        /// hints say they are optimal).</summary>
        public virtual bool Admissible
        {
            get { return true; }
        }

        /// <summary>Every legal move from `state`: successors.Emit(move, nextState, cost) for each
        /// (Emit returns false when the engine refuses more: stop then).</summary>
        public abstract void Successors(byte* state, Successors successors);

        /// <summary>Whether `state` is solved.</summary>
        public abstract bool IsGoal(byte* state);

        /// <summary>A lower bound of the cost to a goal when Admissible (0 by default: always one).</summary>
        public virtual uint Estimate(byte* state)
        {
            return 0;
        }

        /// <summary>The move's name in hint sentences and move lists, or null for its numbers.</summary>
        public virtual string MoveName(Move move)
        {
            return null;
        }

        /// <summary>Whether Draw makes random starts, for Generator.Like with method=draw (without it a
        /// generator scrambles the puzzle's position by random moves).</summary>
        public virtual bool CanDraw
        {
            get { return false; }
        }

        /// <summary>Writes a random start drawn from `seed` into `state` (StateSize bytes).</summary>
        public virtual void Draw(ulong seed, byte* state)
        {
            throw new NotSupportedException("this puzzle draws no starts");
        }

        /// <summary>The board's width and height in cells (both 0: no board; Puzzle.Size then reads one row
        /// of the state's bytes). With MoveCells, the cells hints light.</summary>
        public virtual int BoardWidth
        {
            get { return 0; }
        }

        /// <summary>See BoardWidth.</summary>
        public virtual int BoardHeight
        {
            get { return 0; }
        }

        /// <summary>Whether MoveCells names the board cells of a move (then a hint's tiers light them; without
        /// them the tiers say in words that no cells are shown).</summary>
        public virtual bool GivesMoveCells
        {
            get { return false; }
        }

        /// <summary>Writes the board cells (row-major indices) `move` from `state` concerns into `cells` (at
        /// most `capacity` of them) and returns how many it wrote.</summary>
        public virtual int MoveCells(byte* state, Move move, ushort* cells, int capacity)
        {
            return 0;
        }

        /// <summary>Whether Describe and Parse give states a text form (descriptions and packs then carry
        /// "custom:" and that text instead of the bytes in hex).</summary>
        public virtual bool HasTextForm
        {
            get { return false; }
        }

        /// <summary>The state's text form, on one line.</summary>
        public virtual string Describe(byte* state)
        {
            throw new NotSupportedException("this puzzle has no text form");
        }

        /// <summary>Reads a text form into `state` (StateSize bytes); false when the text names no state (a
        /// parse error, not a failure of the puzzle).</summary>
        public virtual bool Parse(string text, byte* state)
        {
            return false;
        }
    }

    /// <summary>Where CustomPuzzle.Successors sends each successor: gathered in unmanaged memory and
    /// handed to the engine in one call when Successors returns (each call between managed and native code
    /// costs more than the work).</summary>
    public unsafe struct Successors
    {
        private readonly Gathering gathering;

        internal Successors(Gathering gathering)
        {
            this.gathering = gathering;
        }

        /// <summary>Hands one successor to the engine (`next` is copied now); false past MaxSuccessors or
        /// for a cost below 1 (the puzzle then answers Status.Callback).</summary>
        public bool Emit(Move move, byte* next, uint cost = 1)
        {
            return gathering.Add(move, next, cost);
        }
    }

    /// <summary>A game's successors of one state, in unmanaged buffers of the calling thread: solvers of one
    /// puzzle may run on several threads at once, and each gathers into its own. Reserved the first time a
    /// thread gathers (and again when a game needs more), freed when the thread is gone.</summary>
    internal sealed unsafe class Gathering
    {
        [ThreadStatic] private static Gathering mine;
        private int stateBytes, slots;
        internal Move* Moves;
        internal byte* States;
        internal uint* Costs, Estimates;
        internal byte* Goals;
        internal int Size, Max, Count;
        internal bool Refused;

        /// <summary>The calling thread's buffers, emptied for `size`-byte states and up to `max`
        /// successors.</summary>
        internal static Gathering Begin(int size, int max)
        {
            Gathering g = mine ?? (mine = new Gathering());
            if (g.slots < max)
            {
                g.FreeMoves();
                g.Moves = (Move*)Marshal.AllocHGlobal(16 * max);
                g.Costs = (uint*)Marshal.AllocHGlobal(4 * max);
                g.Estimates = (uint*)Marshal.AllocHGlobal(4 * max);
                g.Goals = (byte*)Marshal.AllocHGlobal(max);
                g.slots = max;
            }
            if (g.stateBytes < size * max)
            {
                if (g.States != null) Marshal.FreeHGlobal((IntPtr)g.States);
                g.States = (byte*)Marshal.AllocHGlobal(size * max);
                g.stateBytes = size * max;
            }
            g.Size = size;
            g.Max = max;
            g.Count = 0;
            g.Refused = false;
            return g;
        }

        /// <summary>Each successor's estimate and whether it is solved, asked of `game` here in managed
        /// code: handed over with the successors, they spare the engine a call back for each. False when
        /// the game threw: the successors then go without, and the engine's own call reports the exception
        /// as IsGoal's or Estimate's.</summary>
        internal bool Score(CustomPuzzle game)
        {
            try
            {
                for (int i = 0; i < Count; i++)
                {
                    byte* state = States + Size * i;
                    Goals[i] = game.IsGoal(state) ? (byte)1 : (byte)0;
                    Estimates[i] = game.Estimate(state);
                }
                return true;
            }
            catch (Exception)
            {
                return false;
            }
        }

        internal bool Add(Move move, byte* next, uint cost)
        {
            if (Count >= Max || cost == 0 || next == null)
            {
                Refused = true;
                return false;
            }
            Moves[Count] = move;
            byte* into = States + Size * Count;
            for (int i = 0; i < Size; i++) into[i] = next[i];
            Costs[Count] = cost;
            Count++;
            return true;
        }

        private void FreeMoves()
        {
            if (Moves != null) Marshal.FreeHGlobal((IntPtr)Moves);
            if (Costs != null) Marshal.FreeHGlobal((IntPtr)Costs);
            if (Estimates != null) Marshal.FreeHGlobal((IntPtr)Estimates);
            if (Goals != null) Marshal.FreeHGlobal((IntPtr)Goals);
            Moves = null;
            Costs = null;
            Estimates = null;
            Goals = null;
        }

        ~Gathering()
        {
            FreeMoves();
            if (States != null) Marshal.FreeHGlobal((IntPtr)States);
        }
    }

    /// <summary>What the engine's callbacks reach through their `user` pointer: the game, kept alive while
    /// a puzzle, solver or generator of it lives, with its state size and successor count checked once.
    /// The pointer is the context's slot in a static table, not a GCHandle: a callback finds its game by
    /// an array read (a GCHandle's lookup was 39 ns of a node's 606 under Mono).</summary>
    internal sealed class CustomContext
    {
        // Slot 0 stays empty, so that no context's pointer is NULL. Slots are taken and freed under the
        // lock; callbacks read the table without it: a table grows into a new array holding the same
        // contexts, and a context's slot is set before its pointer is handed to the engine.
        private static readonly object Gate = new object();
        private static CustomContext[] slots = new CustomContext[16];

        private readonly int slot;
        private int users;
        internal readonly int Size, Max;

        internal CustomContext(CustomPuzzle game)
        {
            int size = game.StateSize, max = game.MaxSuccessors;
            if (size < 1 || size > 256) throw new LpException(Status.InvalidArgument, "StateSize is " + size + ": 1 to 256");
            if (max < 1 || max > 4096) throw new LpException(Status.InvalidArgument, "MaxSuccessors is " + max + ": 1 to 4096");
            Size = size;
            Max = max;
            Game = game;
            lock (Gate)
            {
                int free = Array.IndexOf(slots, null, 1);
                if (free < 0)
                {
                    CustomContext[] grown = new CustomContext[slots.Length * 2];
                    Array.Copy(slots, grown, slots.Length);
                    free = slots.Length;
                    Volatile.Write(ref slots, grown);
                }
                slots[free] = this;
                slot = free;
            }
        }

        internal readonly CustomPuzzle Game;

        internal IntPtr Pointer
        {
            get { return (IntPtr)slot; }
        }

        /// <summary>The context whose <see cref="Pointer"/> is `user`.</summary>
        internal static CustomContext Of(IntPtr user)
        {
            return Volatile.Read(ref slots)[(int)user];
        }

        internal void Enter()
        {
            lock (this) users++;
        }

        internal void Leave()
        {
            lock (this)
            {
                if (--users == 0)
                {
                    lock (Gate) slots[slot] = null;
                }
            }
        }
    }

    internal static unsafe partial class NativeMethods
    {
        // lp_custom_emit_scored with the engine's emit as a plain pointer (the generated import marshals a
        // delegate, which would be made per call).
        [DllImport(__DllName, EntryPoint = "lp_custom_emit_scored", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int lp_custom_emit_scored_raw(IntPtr emit, IntPtr sink, UIntPtr count, Move* moves, byte* states,
            UIntPtr stateSize, uint* costs, uint* estimates, byte* goals);
    }

    /// <summary>The static callbacks the engine calls, and the vtable that names them.</summary>
    internal static unsafe class Callbacks
    {
        /// <summary>LP_ABI_VERSION of include/lphint.h, which these bindings were made for (the tests check
        /// it against lp_version).</summary>
        internal const uint AbiVersion = 3;

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int SuccessorsFn(IntPtr user, byte* state, IntPtr emit, IntPtr sink);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int IsGoalFn(IntPtr user, byte* state, byte* goal);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int EstimateFn(IntPtr user, byte* state, uint* estimate);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int MoveNameFn(IntPtr user, Move move, byte* buf, UIntPtr cap, UIntPtr* written);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int DrawFn(IntPtr user, ulong seed, byte* state);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int MoveCellsFn(IntPtr user, byte* state, Move move, ushort* cells, UIntPtr cap, UIntPtr* count);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int DescribeFn(IntPtr user, byte* state, byte* buf, UIntPtr cap, UIntPtr* written);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int ParseFn(IntPtr user, byte* text, UIntPtr len, byte* state);

        // Kept in static fields: the delegates (and so the function pointers) live as long as the program.
        private static readonly SuccessorsFn successors = OnSuccessors;
        private static readonly IsGoalFn isGoal = OnIsGoal;
        private static readonly EstimateFn estimate = OnEstimate;
        private static readonly MoveNameFn moveName = OnMoveName;
        private static readonly DrawFn draw = OnDraw;
        private static readonly MoveCellsFn moveCells = OnMoveCells;
        private static readonly DescribeFn describe = OnDescribe;
        private static readonly ParseFn parse = OnParse;
        private static CustomContext Context(IntPtr user)
        {
            return CustomContext.Of(user);
        }

        private static CustomPuzzle Game(IntPtr user)
        {
            return Context(user).Game;
        }

        /// <summary>The successors callback's code when the game emitted past MaxSuccessors or a cost of 0.</summary>
        internal const int Refused = -2;

        /// <summary>The failure code for a game's exception, after giving the engine its type and message
        /// (lp_custom_error): lp_last_error, and so the LpException the game then catches, ends with
        /// them ("the is_goal callback failed with code -1: InvalidOperationException: level data
        /// missing").</summary>
        private static int Failed(Exception e)
        {
            try
            {
                byte[] words = Native.Utf8(e.GetType().Name + ": " + e.Message);
                fixed (byte* p = words)
                {
                    NativeMethods.lp_custom_error(p);
                }
            }
            catch (Exception)
            {
                // The code alone still reports the failure.
            }
            return -1;
        }

        [MonoPInvokeCallback(typeof(SuccessorsFn))]
        private static int OnSuccessors(IntPtr user, byte* state, IntPtr emit, IntPtr sink)
        {
            try
            {
                CustomContext context = Context(user);
                Gathering gathering = Gathering.Begin(context.Size, context.Max);
                context.Game.Successors(state, new Successors(gathering));
                bool scored = gathering.Score(context.Game);
                int refused = NativeMethods.lp_custom_emit_scored_raw(emit, sink, (UIntPtr)gathering.Count, gathering.Moves,
                    gathering.States, (UIntPtr)gathering.Size, gathering.Costs, scored ? gathering.Estimates : null,
                    scored ? gathering.Goals : null);
                if (refused != 0) return refused;
                return gathering.Refused ? Refused : 0;
            }
            catch (Exception e)
            {
                return Failed(e);
            }
        }

        [MonoPInvokeCallback(typeof(IsGoalFn))]
        private static int OnIsGoal(IntPtr user, byte* state, byte* goal)
        {
            try
            {
                *goal = Game(user).IsGoal(state) ? (byte)1 : (byte)0;
                return 0;
            }
            catch (Exception e)
            {
                return Failed(e);
            }
        }

        [MonoPInvokeCallback(typeof(EstimateFn))]
        private static int OnEstimate(IntPtr user, byte* state, uint* value)
        {
            try
            {
                *value = Game(user).Estimate(state);
                return 0;
            }
            catch (Exception e)
            {
                return Failed(e);
            }
        }

        [MonoPInvokeCallback(typeof(MoveNameFn))]
        private static int OnMoveName(IntPtr user, Move move, byte* buf, UIntPtr cap, UIntPtr* written)
        {
            try
            {
                string name = Game(user).MoveName(move) ?? (move.Piece + "," + move.From + "," + move.To + "," + move.Arg);
                byte[] bytes = Encoding.UTF8.GetBytes(name);
                int n = Math.Min(bytes.Length, (int)cap.ToUInt64());
                Marshal.Copy(bytes, 0, (IntPtr)buf, n);
                *written = (UIntPtr)n;
                return 0;
            }
            catch (Exception e)
            {
                return Failed(e);
            }
        }

        [MonoPInvokeCallback(typeof(DrawFn))]
        private static int OnDraw(IntPtr user, ulong seed, byte* state)
        {
            try
            {
                Game(user).Draw(seed, state);
                return 0;
            }
            catch (Exception e)
            {
                return Failed(e);
            }
        }

        [MonoPInvokeCallback(typeof(MoveCellsFn))]
        private static int OnMoveCells(IntPtr user, byte* state, Move move, ushort* cells, UIntPtr cap, UIntPtr* count)
        {
            try
            {
                int capacity = (int)Math.Min(cap.ToUInt64(), int.MaxValue);
                int n = Game(user).MoveCells(state, move, cells, capacity);
                // A count past the capacity is the game's bug: the engine says so rather than read past it.
                *count = (UIntPtr)(uint)Math.Max(n, 0);
                return 0;
            }
            catch (Exception e)
            {
                return Failed(e);
            }
        }

        [MonoPInvokeCallback(typeof(DescribeFn))]
        private static int OnDescribe(IntPtr user, byte* state, byte* buf, UIntPtr cap, UIntPtr* written)
        {
            try
            {
                byte[] bytes = Encoding.UTF8.GetBytes(Game(user).Describe(state) ?? "");
                int n = Math.Min(bytes.Length, (int)cap.ToUInt64());
                Marshal.Copy(bytes, 0, (IntPtr)buf, n);
                *written = (UIntPtr)bytes.Length;
                return 0;
            }
            catch (Exception e)
            {
                return Failed(e);
            }
        }

        [MonoPInvokeCallback(typeof(ParseFn))]
        private static int OnParse(IntPtr user, byte* text, UIntPtr len, byte* state)
        {
            try
            {
                string words = Encoding.UTF8.GetString(text, (int)len.ToUInt64());
                return Game(user).Parse(words, state) ? 0 : 1;
            }
            catch (Exception e)
            {
                return Failed(e);
            }
        }

        internal static LpCustomVtable Vtable(CustomPuzzle game)
        {
            LpCustomVtable v = default(LpCustomVtable);
            v.abi_version = AbiVersion;
            v.state_size = (uint)game.StateSize;
            v.max_successors = (uint)game.MaxSuccessors;
            v.admissible = game.Admissible;
            v.successors = (void*)Marshal.GetFunctionPointerForDelegate(successors);
            v.is_goal = (void*)Marshal.GetFunctionPointerForDelegate(isGoal);
            v.estimate = (void*)Marshal.GetFunctionPointerForDelegate(estimate);
            v.move_name = (void*)Marshal.GetFunctionPointerForDelegate(moveName);
            if (game.CanDraw) v.draw = (void*)Marshal.GetFunctionPointerForDelegate(draw);
            v.board_width = (uint)Math.Max(game.BoardWidth, 0);
            v.board_height = (uint)Math.Max(game.BoardHeight, 0);
            if (game.GivesMoveCells) v.move_cells = (void*)Marshal.GetFunctionPointerForDelegate(moveCells);
            if (game.HasTextForm)
            {
                v.describe = (void*)Marshal.GetFunctionPointerForDelegate(describe);
                v.parse = (void*)Marshal.GetFunctionPointerForDelegate(parse);
            }
            return v;
        }
    }
}
