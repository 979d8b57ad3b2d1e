// Bring your own puzzle from C#: the geared combination lock of examples/c/custom.c as a CustomPuzzle,
// hinted open one frame at a time (works the same under IL2CPP: the engine calls static callbacks).
//
//   cargo build --release --lib
//   mcs -unsafe -out:target/custom.exe bindings/unity/Runtime/*.cs examples/csharp/Custom.cs
//   LD_LIBRARY_PATH=target/release mono target/custom.exe

using System;
using LpHint;

unsafe sealed class GearedLock : CustomPuzzle
{
    public override int StateSize { get { return 4; } }     // four wheels, 0..9 each; open at 0000
    public override int MaxSuccessors { get { return 8; } }

    public override void Successors(byte* s, Successors successors)
    {
        byte* next = stackalloc byte[4];
        for (int wheel = 0; wheel < 4; wheel++)
        {
            for (int up = 0; up < 2; up++)
            {
                int step = up == 1 ? 1 : 9; // +1 or -1, mod 10; the right-hand wheel turns along
                for (int i = 0; i < 4; i++) next[i] = s[i];
                next[wheel] = (byte)((next[wheel] + step) % 10);
                if (wheel < 3) next[wheel + 1] = (byte)((next[wheel + 1] + step) % 10);
                if (!successors.Emit(new Move((uint)wheel, 0, 0, up == 1 ? 1 : -1), next)) return;
            }
        }
    }

    public override bool IsGoal(byte* s)
    {
        return s[0] == 0 && s[1] == 0 && s[2] == 0 && s[3] == 0;
    }

    // A turn moves at most two wheels one step: half the summed distances never overestimates.
    public override uint Estimate(byte* s)
    {
        uint sum = 0;
        for (int i = 0; i < 4; i++) sum += s[i] < 5 ? s[i] : 10u - s[i];
        return (sum + 1) / 2;
    }

    public override string MoveName(Move move)
    {
        return "turn wheel " + (move.Piece + 1) + (move.Arg > 0 ? " up" : " down");
    }
}

static class Custom
{
    static int Main()
    {
        using (Puzzle puzzle = Puzzle.Custom(new GearedLock(), new byte[] { 3, 8, 1, 6 }))
        {
            int turns = 0, frames = 0;
            Hint hint;
            for (; !puzzle.IsSolved; frames++)
            {
                Status status = puzzle.NextHint(50, out hint); // 50 nodes a frame
                if (status == Status.InProgress) continue;
                if (status != Status.Ok) return 1;
                if (turns == 0) Console.WriteLine("first hint: " + puzzle.MoveText(hint.Move) + " (" + hint.MovesLeft + " to go)");
                puzzle.Apply(hint.Move);
                turns++;
            }
            Console.WriteLine("the lock opened in " + turns + " turns over " + frames + " frames");
        }
        return 0;
    }
}
