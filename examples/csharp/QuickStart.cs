// README's C# quick start: a Rush Hour level played by hints, a small budget every frame.
using System;
using LpHint;

static class QuickStart
{
    static int Main()
    {
        using (Puzzle level = Puzzle.Parse("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"))
        {
            while (!level.IsSolved)                            // one pass = one frame of the game
            {
                Hint hint;
                Status status = level.NextHint(300, out hint); // at most 300 nodes of search
                if (status == Status.InProgress) continue;     // still thinking: ask next frame
                if (status != Status.Ok)                       // no hint will come: say why
                {
                    Console.WriteLine(LpException.LastMessage());
                    return 1;
                }
                Console.WriteLine(level.HintText());           // "slide the car H down 1: ..."
                level.Apply(hint.Move);                        // hint.Move.Piece: the car's id, A = 0
            }
            Console.WriteLine("solved: " + level.Describe());
        }
        return 0;
    }
}
