/**
 * `imprint icc …`: the owner supplies the ICC profiles of the `color_profile` names whose files
 * Imprint may not redistribute (FOGRA39, SWOP, Japan Color…). A profile is checked against the
 * name it is imported for and stored in the database, so every process on every machine renders
 * with it and PDFs carry it as their output intent.
 */
import { createHash } from 'node:crypto';
import type { Command } from 'commander';
import { withRuntime } from './project-commands.ts';
import { readInputFile } from './read-input-file.ts';

/** Registers `icc import`, `icc list` and `icc remove`. */
export function registerIccCommands(program: Command): void {
  const icc = program
    .command('icc')
    .description('Manage the ICC profiles of the color_profile names Imprint does not ship.');
  icc
    .command('import')
    .argument('<file>', 'ICC profile (.icc/.icm) of the colour space the name needs')
    .requiredOption('--name <name>', 'the color_profile name it serves, e.g. cmyk-profile-1')
    .option('--json', 'print the stored profile as JSON')
    .description('Store a profile for a color_profile name (replaces an earlier import).')
    .action(async (file: string, opts: { name: string; json?: boolean }) => {
      const { checkIccProfile } = await import('../core/color-profiles.ts');
      const data = readInputFile(file);
      let checked;
      try {
        checked = await checkIccProfile(opts.name, data);
      } catch (err) {
        throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
      }
      const info = {
        name: opts.name,
        ...checked,
        size_bytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        created_at: new Date().toISOString(),
      };
      await withRuntime(({ services }) => services.colorProfiles.put(info, data));
      if (opts.json) console.log(JSON.stringify(info));
      else
        console.log(
          `${info.name}: "${info.description}" (${info.color_space.toUpperCase()}, ${info.size_bytes} bytes) imported`,
        );
    });
  icc
    .command('list')
    .option('--json', 'print JSON')
    .description('List the imported profiles.')
    .action(async (opts: { json?: boolean }) => {
      const list = await withRuntime(({ services }) => services.colorProfiles.list());
      if (opts.json) console.log(JSON.stringify(list));
      else
        for (const p of list)
          console.log(
            `${p.name}\t${p.description}\t${p.color_space}\t${p.size_bytes}\t${p.created_at}`,
          );
    });
  icc
    .command('remove')
    .argument('<name>', 'the color_profile name, e.g. cmyk-profile-1')
    .description('Delete an imported profile; PDFs asking for its name are refused (422) again.')
    .action(async (name: string) => {
      const removed = await withRuntime(({ services }) => services.colorProfiles.remove(name));
      if (!removed) throw new Error(`No profile imported for ${name}`);
      console.log(`${name}: imported profile removed`);
    });
}
