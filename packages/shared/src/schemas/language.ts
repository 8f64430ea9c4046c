/** Answers of the language API (doc 2 §3 "Language"). */

/** The language view of the API (doc 2 §3 "Language"): GET /api/languages and /api/get-problem-languages. */
export interface LanguageView {
  id: number;
  name: string;
  description: string;
  compileCommand: string;
  template: string;
  codeTemplate: string;
  contentType: string;
  oj: string;
  isSpj: boolean;
  seq: number;
}
