// The few UnityEngine types the package sample uses, so that mcs can check it outside Unity.
namespace UnityEngine
{
    public class MonoBehaviour
    {
    }

    public class TooltipAttribute : System.Attribute
    {
        public TooltipAttribute(string tooltip)
        {
        }
    }

    public static class Debug
    {
        public static void Log(object message)
        {
            System.Console.WriteLine(message);
        }
    }
}
