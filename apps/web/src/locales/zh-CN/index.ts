/**
 * The zh-CN dictionary: every `*.json` in this folder is one namespace named after the file (areas add a file,
 * nothing to register). Both locales hold the same keys (see locales.test.ts).
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./*.json', { eager: true });

const zhCN: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(files).map(([file, mod]) => [file.slice(2, -'.json'.length), mod.default]),
);

export default zhCN;
