import type { AppContext } from '../../context.js';
import { languages } from '../../db/schema/index.js';

interface SeedLanguage {
  name: string;
  description: string;
  compileCommand: string;
  contentType: string;
  template: string;
  isSpj?: boolean;
}

const C_TEMPLATE = `#include <stdio.h>
int main() {
    int a, b;
    scanf("%d %d", &a, &b);
    printf("%d\\n", a + b);
    return 0;
}
`;
const CPP_TEMPLATE = `#include <iostream>
using namespace std;
int main() {
    int a, b;
    cin >> a >> b;
    cout << a + b << endl;
    return 0;
}
`;
// The compile commands shown are the judgehost's real argv (apps/judgehost/src/languages/), the source file as
// `{src_path}` and the program as `{exe_path}`: test/language/language-parity.test.ts fails when one side changes.
const gcc = (std: string, o2: boolean) =>
  `/usr/bin/gcc -DONLINE_JUDGE -pipe -w -fmax-errors=5 -I. -std=${std}${o2 ? ' -O2' : ''} {src_path} -o {exe_path} -lm`;
const gpp = (std: string, o2: boolean) =>
  `/usr/bin/g++ -DONLINE_JUDGE -pipe -w -fmax-errors=5 -I. -std=${std}${o2 ? ' -O2' : ''} {src_path} -o {exe_path} -lm`;

/** The languages of the judge registry (names as HOJ's), in display order. */
export const SEED_LANGUAGES: SeedLanguage[] = [
  {
    name: 'C',
    description: 'GCC',
    compileCommand: gcc('gnu11', false),
    contentType: 'text/x-csrc',
    template: C_TEMPLATE,
    isSpj: true,
  },
  {
    name: 'C With O2',
    description: 'GCC With O2',
    compileCommand: gcc('gnu11', true),
    contentType: 'text/x-csrc',
    template: C_TEMPLATE,
    isSpj: true,
  },
  {
    name: 'C++',
    description: 'G++',
    compileCommand: gpp('c++14', false),
    contentType: 'text/x-c++src',
    template: CPP_TEMPLATE,
    isSpj: true,
  },
  {
    name: 'C++ With O2',
    description: 'G++ With O2',
    compileCommand: gpp('c++14', true),
    contentType: 'text/x-c++src',
    template: CPP_TEMPLATE,
    isSpj: true,
  },
  {
    name: 'C++ 17',
    description: 'G++ 17',
    compileCommand: gpp('c++17', false),
    contentType: 'text/x-c++src',
    template: CPP_TEMPLATE,
    isSpj: true,
  },
  {
    name: 'C++ 17 With O2',
    description: 'G++ 17 With O2',
    compileCommand: gpp('c++17', true),
    contentType: 'text/x-c++src',
    template: CPP_TEMPLATE,
    isSpj: true,
  },
  {
    name: 'C++ 20',
    description: 'G++ 20',
    compileCommand: gpp('c++20', false),
    contentType: 'text/x-c++src',
    template: CPP_TEMPLATE,
    isSpj: true,
  },
  {
    name: 'C++ 20 With O2',
    description: 'G++ 20 With O2',
    compileCommand: gpp('c++20', true),
    contentType: 'text/x-c++src',
    template: CPP_TEMPLATE,
    isSpj: true,
  },
  {
    name: 'Java',
    description: 'OpenJDK',
    compileCommand: [
      '/usr/bin/javac -J-Xmx512m -J-Xss16m -J-XX:+UseSerialGC -J-XX:TieredStopAtLevel=1 -J-XX:-UsePerfData',
      '-J-XX:ActiveProcessorCount=1 -encoding UTF-8 {src_path}',
    ].join(' '),
    contentType: 'text/x-java',
    template: `import java.util.Scanner;
public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int a = in.nextInt(), b = in.nextInt();
        System.out.println(a + b);
    }
}
`,
  },
  {
    name: 'Python3',
    description: 'Python 3',
    compileCommand: '/usr/bin/python3 -m py_compile {src_path}',
    contentType: 'text/x-python',
    template: 'a, b = map(int, input().split())\nprint(a + b)\n',
  },
  {
    name: 'PyPy3',
    description: 'PyPy 3',
    compileCommand: '/usr/bin/pypy3 -m py_compile {src_path}',
    contentType: 'text/x-python',
    template: 'a, b = map(int, input().split())\nprint(a + b)\n',
  },
  {
    name: 'Golang',
    description: 'Go',
    compileCommand: '/usr/bin/go build -o {exe_path} {src_path}',
    contentType: 'text/x-go',
    template: `package main
import "fmt"
func main() {
    var a, b int
    fmt.Scan(&a, &b)
    fmt.Println(a + b)
}
`,
  },
  {
    name: 'Rust',
    description: 'rustc',
    compileCommand: '/usr/bin/rustc --edition 2021 -O -o {exe_path} {src_path}',
    contentType: 'text/x-rustsrc',
    template: `use std::io::*;
fn main() {
    let mut s = String::new();
    stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
`,
  },
  {
    name: 'JavaScript Node',
    description: 'Node.js',
    compileCommand: '/usr/bin/node --check {src_path}',
    contentType: 'text/javascript',
    template: `const s = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);
console.log(s[0] + s[1]);
`,
  },
  {
    name: 'PHP',
    description: 'PHP',
    compileCommand: '/usr/bin/php -l {src_path}',
    contentType: 'text/x-php',
    template: `<?php
fscanf(STDIN, "%d %d", $a, $b);
echo $a + $b, "\\n";
`,
  },
  {
    name: 'Ruby',
    description: 'Ruby',
    compileCommand: '/usr/bin/ruby -c {src_path}',
    contentType: 'text/x-ruby',
    template: 'a, b = gets.split.map(&:to_i)\nputs a + b\n',
  },
  {
    name: 'C#',
    description: 'Mono C#',
    compileCommand: '/usr/bin/mcs -optimize+ -out:{exe_path} {src_path}',
    contentType: 'text/x-csharp',
    template: `using System;
public class Program {
    public static void Main() {
        var p = Console.ReadLine().Split(' ');
        Console.WriteLine(int.Parse(p[0]) + int.Parse(p[1]));
    }
}
`,
  },
  {
    name: 'Python2',
    description: 'Python 2',
    compileCommand: 'python2 -m py_compile {src_path}',
    contentType: 'text/x-python',
    template: 'a, b = map(int, raw_input().split())\nprint a + b\n',
  },
];

/**
 * Seeds the `languages` table (idempotent: existing rows keep admins' edits). New rows start available; the
 * judgehosts' reports then decide (language.service `refreshAvailability`).
 */
export async function seedLanguages(ctx: AppContext): Promise<void> {
  await ctx.db
    .insert(languages)
    .values(
      SEED_LANGUAGES.map((l, i) => ({
        name: l.name,
        description: l.description,
        compileCommand: l.compileCommand,
        template: l.template,
        contentType: l.contentType,
        isSpj: l.isSpj ?? false,
        seq: i,
        oj: 'ME',
      })),
    )
    .onConflictDoNothing({ target: [languages.oj, languages.name] });
}
