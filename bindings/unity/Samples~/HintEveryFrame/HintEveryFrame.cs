// Asks lphint for a hint every frame, spending at most `nodesPerFrame` node expansions, plays it when it
// arrives and logs it. It draws nothing: a game would move its tile sprites where this logs.

using LpHint;
using UnityEngine;

public class HintEveryFrame : MonoBehaviour
{
    [Tooltip("A puzzle description, e.g. tiles:3x3:8,6,7,2,5,4,3,0,1")]
    public string description = "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";

    [Tooltip("Node expansions per frame: the work budget of one hint call")]
    public int nodesPerFrame = 200;

    private Puzzle puzzle;
    private int moves;

    private void Start()
    {
        puzzle = Puzzle.Parse(description);
    }

    private void Update()
    {
        if (puzzle == null) return;
        Hint hint;
        // No garbage here: NextHint allocates nothing, whatever the frame rate. Budgets are unsigned: the
        // Inspector's int is converted on purpose, and a negative one counts as 1.
        uint budget = nodesPerFrame > 0 ? (uint)nodesPerFrame : 1u;
        Status status = puzzle.NextHint(budget, out hint);
        if (status == Status.Ok)
        {
            // Library.LastWork: the nodes this frame's call spent (0 along a known plan).
            puzzle.Apply(hint.Move);
            moves++;
            Debug.Log("hint: piece " + hint.Move.Piece + ", " + (hint.MovesLeft - 1) + " moves left");
        }
        else if (status.IsFinal())
        {
            // Solved, or no hint will come (OutOfNodes, Unsolvable, NotFound): stop asking every frame.
            if (status == Status.AlreadySolved) Debug.Log("solved in " + moves + " moves");
            else Debug.Log("no hint: " + status + ": " + LpException.LastMessage());
            puzzle.Dispose();
            puzzle = null;
        }
        // InProgress: still thinking; ask again next frame.
    }

    private void OnDestroy()
    {
        if (puzzle != null) puzzle.Dispose();
    }
}
