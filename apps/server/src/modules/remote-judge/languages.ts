import { adapterFor } from '@oj/remote-judge';
import { RemoteOj } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { languages } from '../../db/schema/index.js';

/**
 * Seeds each remote judge's languages (its adapter's `languages()`, in the site's order) into the language table
 * with `oj` = the OJ and the site's key in `compileCommand` (as HOJ keeps it). Idempotent: a known (oj, name) keeps
 * its row (seq and key refreshed). A remote problem that lists no languages takes its OJ's.
 */
export async function seedRemoteLanguages(ctx: AppContext): Promise<void> {
  for (const oj of RemoteOj) {
    const list = adapterFor(oj).languages();
    if (!list.length) continue;
    await ctx.db
      .insert(languages)
      .values(
        list.map((l, i) => ({
          name: l.name,
          description: `${oj} ${l.name}`,
          compileCommand: l.key,
          oj,
          seq: i,
          available: true,
        })),
      )
      .onConflictDoUpdate({
        target: [languages.oj, languages.name],
        set: {
          compileCommand: sql`excluded.compile_command`,
          seq: sql`excluded.seq`,
          gmtModified: new Date(),
        },
      });
  }
}
