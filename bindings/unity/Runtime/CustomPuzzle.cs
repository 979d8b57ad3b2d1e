// A game's own puzzle from C#: derive from CustomPuzzle, and Puzzle.Custom gives it every engine service
// (per-frame hints, every solver algorithm). The engine calls back through static methods marked
// [MonoPInvokeCallback] (what IL2CPP needs: no closure or instance delegate crosses into native code),
// with the game's object reached through a GCHandle passed as the context. Nothing is allocated per call:
// states are pointers into the engine's memory, the emitter is a struct, and the engine's emit function
// is wrapped in a delegate once per distinct pointer (a handful), then looked up.

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
    }

    /// <summary>Where CustomPuzzle.Successors sends each successor (the engine's emit and its sink).</summary>
    public unsafe struct Successors
    {
        private readonly Callbacks.EmitFn emit;
        private readonly IntPtr sink;

        internal Successors(Callbacks.EmitFn emit, IntPtr sink)
        {
            this.emit = emit;
            this.sink = sink;
        }

        /// <summary>Hands one successor to the engine (it copies `next`); false when refused.</summary>
        public bool Emit(Move move, byte* next, uint cost = 1)
        {
            return emit(sink, move, next, cost) == 0;
        }
    }

    /// <summary>The game's object behind a GCHandle, alive while the puzzle or any solver of it is.</summary>
    internal sealed class CustomContext
    {
        private GCHandle handle;
        private int users;

        internal CustomContext(CustomPuzzle game)
        {
            handle = GCHandle.Alloc(game);
        }

        internal IntPtr Pointer
        {
            get { return GCHandle.ToIntPtr(handle); }
        }

        internal void Enter()
        {
            lock (this) users++;
        }

        internal void Leave()
        {
            lock (this)
            {
                if (--users == 0) handle.Free();
            }
        }
    }

    /// <summary>The static callbacks the engine calls, and the vtable that names them.</summary>
    internal static unsafe class Callbacks
    {
        /// <summary>LP_ABI_VERSION of include/lphint.h, which these bindings were made for (the tests check
        /// it against lp_version).</summary>
        internal const uint AbiVersion = 3;

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int EmitFn(IntPtr sink, Move move, byte* next, uint cost);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int SuccessorsFn(IntPtr user, byte* state, IntPtr emit, IntPtr sink);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int IsGoalFn(IntPtr user, byte* state, byte* goal);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int EstimateFn(IntPtr user, byte* state, uint* estimate);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int MoveNameFn(IntPtr user, Move move, byte* buf, UIntPtr cap, UIntPtr* written);

        // Kept in static fields: the delegates (and so the function pointers) live as long as the program.
        private static readonly SuccessorsFn successors = OnSuccessors;
        private static readonly IsGoalFn isGoal = OnIsGoal;
        private static readonly EstimateFn estimate = OnEstimate;
        private static readonly MoveNameFn moveName = OnMoveName;
        // The engine's emit functions seen so far (one per search kind and state size: a handful), read
        // without a lock; added under one.
        private const int MaxEmitters = 64;
        private static readonly IntPtr[] emitKeys = new IntPtr[MaxEmitters];
        private static readonly EmitFn[] emitFns = new EmitFn[MaxEmitters];
        private static int emitCount;
        private static readonly object emitLock = new object();

        private static CustomPuzzle Game(IntPtr user)
        {
            return (CustomPuzzle)GCHandle.FromIntPtr(user).Target;
        }

        /// <summary>The engine's emit as a delegate, made once per distinct pointer.</summary>
        private static EmitFn Emitter(IntPtr emit)
        {
            int seen = Volatile.Read(ref emitCount);
            for (int i = 0; i < seen; i++)
            {
                if (emitKeys[i] == emit) return emitFns[i];
            }
            lock (emitLock)
            {
                for (int i = 0; i < emitCount; i++)
                {
                    if (emitKeys[i] == emit) return emitFns[i];
                }
                EmitFn fn = (EmitFn)Marshal.GetDelegateForFunctionPointer(emit, typeof(EmitFn));
                if (emitCount == MaxEmitters) return fn; // never in practice: more kinds than exist
                emitKeys[emitCount] = emit;
                emitFns[emitCount] = fn;
                Volatile.Write(ref emitCount, emitCount + 1);
                return fn;
            }
        }

        [MonoPInvokeCallback(typeof(SuccessorsFn))]
        private static int OnSuccessors(IntPtr user, byte* state, IntPtr emit, IntPtr sink)
        {
            try
            {
                Game(user).Successors(state, new Successors(Emitter(emit), sink));
                return 0;
            }
            catch (Exception)
            {
                return -1;
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
            catch (Exception)
            {
                return -1;
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
            catch (Exception)
            {
                return -1;
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
            catch (Exception)
            {
                return -1;
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
            return v;
        }
    }
}
