using System;

public class Program {
  public static void Main() {
    var parts = Console.In.ReadToEnd().Split(new[] { ' ', '\n', '\r', '\t' }, StringSplitOptions.RemoveEmptyEntries);
    Console.WriteLine(long.Parse(parts[0]) + long.Parse(parts[1]));
  }
}
