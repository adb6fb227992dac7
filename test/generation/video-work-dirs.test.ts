/**
 * Video job folders: named after their process, and those of processes that are gone (or of an
 * earlier process with this one's pid) removed when a process starts processing jobs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  makeVideoWorkDir,
  sweepStaleVideoWorkDirs,
} from '../../src/core/generation/video-work-dirs.ts';
import { spawnChild } from '../helpers/child-processes.ts';

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'video-dirs-test-'));
after(() => fs.rmSync(parent, { recursive: true, force: true }));

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawnChild(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((resolve) => child.once('close', resolve));
  return pid;
}

describe('video job folders', () => {
  it('names a job folder after its process', async () => {
    const dir = await makeVideoWorkDir(parent);
    assert.match(path.basename(dir), new RegExp(`^imprint-video-${process.pid}-[A-Za-z0-9]+$`));
    fs.rmSync(dir, { recursive: true });
  });

  it("removes the folders of gone processes and of this pid's earlier process, once", async (t) => {
    const gone = await deadPid();
    const running = spawnChild(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { t });
    const make = (name: string) => {
      fs.mkdirSync(path.join(parent, name, 'inner'), { recursive: true });
      fs.writeFileSync(path.join(parent, name, 'inner', 'source-0'), 'partial');
    };
    make(`imprint-video-${gone}-a1B2c3`);
    make(`imprint-video-${process.pid}-d4E5f6`);
    make(`imprint-video-${running.pid}-g7H8i9`);
    make('imprint-video-legacy'); // not a name this sweep knows: left alone
    make('something-else');

    const removed = await sweepStaleVideoWorkDirs(parent);
    assert.deepEqual(
      removed.sort(),
      [`imprint-video-${gone}-a1B2c3`, `imprint-video-${process.pid}-d4E5f6`].sort(),
    );
    assert.deepEqual(
      fs.readdirSync(parent).sort(),
      [`imprint-video-${running.pid}-g7H8i9`, 'imprint-video-legacy', 'something-else'].sort(),
    );

    // A second consumer in the same process must not take the first one's running jobs'
    // folders for stale ones.
    const mine = await makeVideoWorkDir(parent);
    assert.deepEqual(await sweepStaleVideoWorkDirs(parent), []);
    assert.ok(fs.existsSync(mine));
  });
});
