/**
 * The orphan sweep (objects no live row names, older than an hour) and the retention sweep
 * (IMPRINT_FILE_RETENTION_DAYS): what they delete, what they keep, and what the API shows for an
 * expired file. Real database and local storage; the clock is passed in.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
  expireOldFiles,
  FileSweeps,
  sweepOrphans,
  type SweepDeps,
} from '../../src/core/generation/file-sweeps.ts';
import type { ResourceType } from '../../src/core/generation/render-row.ts';
import { newFileKey } from '../../src/storage/file-url.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

for (const { kind, skip } of testDbKinds()) {
  describe(`file sweeps (${kind})`, { skip }, () => {
    let t: TestApp;
    let repo: ReturnType<typeof sqlGenerationStores>;
    let deps: SweepDeps;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_FILE_RETENTION_DAYS: '30' });
      repo = sqlGenerationStores(t.runtime.db);
      deps = { ...repo, storage: t.runtime.services.storage };
    });
    after(() => t.close());

    /** A finished row with a stored file; returns its id and key. */
    async function finished(type: ResourceType): Promise<{ id: number; key: string }> {
      const inserted = await repo.rows.insert(type, {
        project_id: t.project.id,
        request:
          type === 'image'
            ? { kind: 'image', template_uuid: 'x', layers: {}, modifications: {} }
            : type === 'video'
              ? {
                  kind: 'video',
                  clips: [],
                  modifications: {
                    format: 'mp4',
                    fps: 25,
                    canvas_background: '#000000',
                    clip_duration: 5,
                  },
                }
              : { kind: 'merge', urls: [], modifications: {} },
        passthrough: undefined,
        webhook_success: null,
        webhook_error: null,
        test_mode: false,
        credits: 0,
        has_transfer: false,
      });
      if (!('row' in inserted)) throw new Error('no credit limit is set here');
      const row = inserted.row;
      const key = newFileKey(`${type}s`, `f${row.id}.bin`);
      await deps.storage.put(key, Buffer.from(key), 'application/octet-stream');
      await repo.ledger.markFinished(type, row.id, key);
      return { id: row.id, key };
    }

    it('deletes objects no live row names once they are an hour old, and nothing else', async () => {
      const live = await finished('image');
      const livePdf = await finished('pdf');
      const liveVideo = await finished('video');
      const deleted = await finished('image');
      const deletedVideo = await finished('video');
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/rest/images/${deleted.id}` })).statusCode,
        204,
      );
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/rest/videos/${deletedVideo.id}` }))
          .statusCode,
        204,
      );
      // As if the process died between marking the row deleted and deleting its file.
      await deps.storage.put(deleted.key, Buffer.from('left'), 'image/png');
      await deps.storage.put(deletedVideo.key, Buffer.from('left'), 'video/mp4');
      const orphan = newFileKey('pdfs', 'orphan.pdf');
      await deps.storage.put(orphan, Buffer.from('%PDF'), 'application/pdf');
      const orphanVideo = newFileKey('videos', 'orphan.mp4');
      await deps.storage.put(orphanVideo, Buffer.from('mp4'), 'video/mp4');
      const media = 'media/0123456789abcdef0123456789abcdef/upload.png';
      await deps.storage.put(media, Buffer.from('not an output'), 'image/png');

      // Everything is younger than an hour: nothing goes.
      assert.equal(await sweepOrphans(deps), 0);
      assert.ok(await deps.storage.head(orphan));

      const later = Date.now() + 2 * HOUR;
      // One listing for all output prefixes: local storage reads every file's header per listing.
      const listings: string[][] = [];
      const storage = deps.storage;
      const counted = Object.create(storage) as typeof storage;
      counted.list = (...prefixes: string[]) => {
        listings.push(prefixes);
        return storage.list(...prefixes);
      };
      assert.equal(await sweepOrphans({ ...deps, storage: counted }, later), 4);
      assert.deepEqual(listings, [['images/', 'pdfs/', 'videos/']]);
      assert.equal(await deps.storage.head(orphan), null);
      assert.equal(await deps.storage.head(deleted.key), null);
      assert.equal(await deps.storage.head(orphanVideo), null);
      assert.equal(await deps.storage.head(deletedVideo.key), null);
      assert.ok(await deps.storage.head(live.key), 'a live image keeps its file');
      assert.ok(await deps.storage.head(livePdf.key), 'a live PDF keeps its file');
      assert.ok(await deps.storage.head(liveVideo.key), 'a live video keeps its file');
      assert.ok(await deps.storage.head(media), 'other prefixes are not the sweep’s');
      // A second sweep (another process, say) finds nothing more.
      assert.equal(await sweepOrphans(deps, later), 0);
    });

    it('expires files past the retention: the object goes, the API says file_expired', async () => {
      const old = await finished('image');
      const oldPdf = await finished('pdf');
      const oldVideo = await finished('video');
      const recent = await finished('image');
      // Finished 31 days ago.
      const past = new Date(Date.now() - 31 * DAY).toISOString();
      for (const [table, id] of [
        ['images', old.id],
        ['pdfs', oldPdf.id],
        ['videos', oldVideo.id],
      ] as const) {
        await sql`update ${sql.table(table)} set updated_at = ${past} where id = ${id}`.execute(
          t.runtime.db,
        );
      }
      assert.equal(await expireOldFiles(deps, 30), 3);
      assert.equal(await deps.storage.head(old.key), null);
      assert.equal(await deps.storage.head(oldPdf.key), null);
      assert.equal(await deps.storage.head(oldVideo.key), null);
      assert.ok(await deps.storage.head(recent.key));

      const image = (await t.request({ method: 'GET', url: `/api/rest/images/${old.id}` })).json();
      assert.equal(image.status, 'finished');
      assert.equal(image.image_url, null);
      assert.equal(image.file_expired, true);
      assert.ok('polling_url' in image && 'passthrough' in image && 'errors' in image);
      const pdf = (await t.request({ method: 'GET', url: `/api/rest/pdfs/${oldPdf.id}` })).json();
      assert.equal(pdf.status, 'finished');
      assert.equal(pdf.pdf_url, null);
      assert.equal(pdf.file_expired, true);
      const video = (
        await t.request({ method: 'GET', url: `/api/rest/videos/${oldVideo.id}` })
      ).json();
      assert.equal(video.status, 'finished');
      assert.equal(video.video_url, null);
      assert.equal(video.file_expired, true);
      const kept = (
        await t.request({ method: 'GET', url: `/api/rest/images/${recent.id}` })
      ).json();
      assert.match(kept.image_url, /\/files\/images\//);
      assert.equal('file_expired' in kept, false);
      // Nothing left to expire; an expired row can still be deleted.
      assert.equal(await expireOldFiles(deps, 30), 0);
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/rest/images/${old.id}` })).statusCode,
        204,
      );
    });

    it('runs both sweeps from the timer object and logs what it deleted', async () => {
      const old = await finished('pdf');
      const past = new Date(Date.now() - 40 * DAY).toISOString();
      await sql`update pdfs set updated_at = ${past} where id = ${old.id}`.execute(t.runtime.db);
      const lines: string[] = [];
      const sweeps = new FileSweeps({ ...deps, retentionDays: 30, log: (m) => lines.push(m) });
      await sweeps.runOnce();
      assert.equal(await deps.storage.head(old.key), null);
      assert.match(lines.join('\n'), /file retention: deleted 1 expired files/);
      await sweeps.stop();
    });
  });
}
