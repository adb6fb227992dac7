/**
 * `imprint icc import|list|remove`, run in-process through the real program: a CMYK profile is
 * stored for a CMYK name; a file that is not a profile, a damaged profile, a profile of the wrong
 * colour space, a bundled or unknown name are refused with a message saying why, and nothing is
 * stored.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCliInProcess } from '../helpers/cli-in-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-icc-cli-'));
// This file runs in its own process, so the environment can point at a fresh data folder.
process.env.IMPRINT_DATA_DIR = dataDir;
process.env.DATABASE_URL = '';

/** Ghostscript's profiles stand in for an owner's files (Ghostscript is a dependency anyway). */
const GS_ICC = '/usr/share/color/icc/ghostscript';
const CMYK = path.join(GS_ICC, 'default_cmyk.icc');
const RGB = path.join(GS_ICC, 'default_rgb.icc');

async function imprint(...args: string[]) {
  const run = await runCliInProcess(args);
  return { code: run.code, out: run.stdout.trim(), err: run.stderr };
}

describe(
  'imprint icc commands',
  { skip: !fs.existsSync(CMYK) && 'no Ghostscript profiles' },
  () => {
    after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('imports a CMYK profile for a CMYK name, lists it and removes it', async () => {
      const imported = await imprint('icc', 'import', CMYK, '--name', 'cmyk-profile-1', '--json');
      assert.equal(imported.code, 0, imported.err);
      const info = JSON.parse(imported.out);
      const sha256 = createHash('sha256').update(fs.readFileSync(CMYK)).digest('hex');
      assert.equal(info.name, 'cmyk-profile-1');
      assert.equal(info.color_space, 'cmyk');
      assert.equal(info.sha256, sha256);
      assert.match(info.description, /CMYK/);

      const list = JSON.parse((await imprint('icc', 'list', '--json')).out);
      assert.deepEqual(
        list.map((p: { name: string; sha256: string }) => [p.name, p.sha256]),
        [['cmyk-profile-1', sha256]],
      );
      const text = await imprint('icc', 'list');
      assert.match(text.out, /^cmyk-profile-1\t.*\tcmyk\t\d+\t/);

      const removed = await imprint('icc', 'remove', 'cmyk-profile-1');
      assert.equal(removed.code, 0, removed.err);
      assert.deepEqual(JSON.parse((await imprint('icc', 'list', '--json')).out), []);
      const again = await imprint('icc', 'remove', 'cmyk-profile-1');
      assert.equal(again.code, 1);
      assert.match(again.err, /No profile imported for cmyk-profile-1/);
    });

    it('refuses a file that is not a profile, the wrong colour space, and names it cannot serve', async () => {
      const notIcc = path.join(dataDir, 'notes.icc');
      fs.writeFileSync(notIcc, 'not a profile at all, just some text that is long enough');
      // A profile whose header is fine but whose tag table is not: Ghostscript refuses it.
      const damaged = path.join(dataDir, 'damaged.icc');
      const bytes = Buffer.from(fs.readFileSync(CMYK));
      bytes.writeUInt32BE(1000, 128);
      fs.writeFileSync(damaged, bytes);
      const cases: Array<[string[], RegExp]> = [
        [
          [damaged, '--name', 'cmyk-profile-2'],
          /damaged\.icc: the profile cannot be used for colour conversion/,
        ],
        [[notIcc, '--name', 'cmyk-profile-2'], /notes\.icc: the file is not an ICC profile/],
        [
          [RGB, '--name', 'cmyk-profile-2'],
          /cmyk-profile-2 \(ISO Coated v2 300% \(ECI\)\) needs a CMYK profile; this file is an RGB profile/,
        ],
        [[CMYK, '--name', 'rgb-profile-1'], /rgb-profile-1 \(sRGB IEC61966-2.1\) is bundled/],
        [
          [CMYK, '--name', 'fogra39'],
          /--name must be one of the color_profile names cmyk-profile-1, /,
        ],
        [[path.join(dataDir, 'missing.icc'), '--name', 'cmyk-profile-2'], /Cannot read .*ENOENT/],
      ];
      for (const [args, message] of cases) {
        const run = await imprint('icc', 'import', ...args);
        assert.equal(run.code, 1, args.join(' '));
        assert.match(run.err, message);
      }
      assert.deepEqual(JSON.parse((await imprint('icc', 'list', '--json')).out), []);
    });
  },
);
