/**
 * Webhook and URL-signing secrets at rest, on both databases: sealed with IMPRINT_SECRET_KEY
 * (the column never holds the secret), deliveries still verify (Imprint-Signature and the
 * standardwebhooks library), clear secrets of earlier installations keep working and get sealed,
 * and a key that does not open them stops the start (exit 78 naming the variable) or, for a
 * process already running, fails the attempt with a message saying so.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createProjectWithTokens } from '../../src/core/projects.ts';
import { UnsealError } from '../../src/core/secret-sealer.ts';
import type { WebhookRequest } from '../../src/core/webhooks.ts';
import { createRuntime } from '../../src/main.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { SqlProjectStore } from '../../src/store/sql-project-store.ts';
import { sealStoredSecrets, storedSecretSealer } from '../../src/store/sealed-secrets.ts';
import { SqlUrlApiStore } from '../../src/store/sql-url-api-store.ts';
import { SqlWebhookStore } from '../../src/store/sql-webhook-store.ts';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher.ts';
import { standardWebhooksKey, verifySignature } from '../../src/webhooks/webhook-signature.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { startReceiver, waitFor, type Receiver } from './receiver.ts';

const KEY = 'the-installation-key-'.padEnd(44, 'k');
const OTHER_KEY = 'another-installation-key-'.padEnd(44, 'o');

for (const { kind, skip } of testDbKinds()) {
  describe(`stored secrets sealed with IMPRINT_SECRET_KEY (${kind})`, { skip }, () => {
    let db: Database;
    let target: DatabaseTarget;
    let drop: () => Promise<void>;
    let receiver: Receiver;
    let nextId = 1;
    const dispatchers: WebhookDispatcher[] = [];
    const sealer = storedSecretSealer(KEY);

    const newProject = async () =>
      (await createProjectWithTokens(new SqlProjectStore(db), 'Sealed')).project.id;
    const dispatcher = (key: string | null) => {
      const d = new WebhookDispatcher(new SqlWebhookStore(db, storedSecretSealer(key)), {
        allowPrivate: true,
        retryBaseMs: 60_000,
      });
      dispatchers.push(d);
      return d;
    };
    const request = (projectId: string, p: string): WebhookRequest => ({
      projectId,
      resourceType: 'image',
      resourceId: nextId++,
      event: 'success',
      url: receiver.url(p),
      payload: { id: 1, status: 'finished' },
    });
    const stored = async (table: 'webhook_secrets' | 'url_signing', projectId: string) =>
      (
        await db
          .selectFrom(table)
          .select('secret')
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).secret ?? '';
    /** The stored value holds the secret in no readable form. */
    const assertSealed = (value: string, secret: string) => {
      assert.match(value, /^sealed:v1\./);
      assert.equal(value.includes(secret), false);
      assert.equal(value.includes(Buffer.from(secret).toString('base64')), false);
      assert.equal(value.includes(Buffer.from(secret).toString('base64url')), false);
    };

    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      target = fresh.target;
      db = openDatabase(target);
      await migrateToLatest(db);
      receiver = await startReceiver({});
    });
    afterEach(async () => {
      for (const d of dispatchers.splice(0)) await d.stop();
    });
    after(async () => {
      await receiver.close();
      await db.destroy();
      await drop();
    });

    it('stores the webhook secret sealed, and deliveries still verify with it', async () => {
      const projectId = await newProject();
      const d = dispatcher(KEY);
      d.start();
      const secret = await d.secret(projectId);
      assert.match(secret, /^whsec_/);
      assertSealed(await stored('webhook_secrets', projectId), secret);
      assert.equal(await d.secret(projectId), secret, 'it opens to the same secret');

      const r = request(projectId, '/sealed');
      await d.enqueue(r);
      const got = await waitFor(async () => receiver.to('/sealed')[0]);
      assert.ok(verifySignature(String(got.headers['imprint-signature']), got.body, secret));
      const headers = {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      };
      assert.deepEqual(
        new Webhook(standardWebhooksKey(secret)).verify(got.body, headers),
        r.payload,
      );

      const rotated = await d.rotateSecret(projectId);
      assertSealed(await stored('webhook_secrets', projectId), rotated);
    });

    it('keeps using a secret stored in clear before the key was set, and seals it', async () => {
      const atStart = await newProject();
      const onRead = await newProject();
      const clear = new SqlWebhookStore(db);
      const first = await clear.getOrCreateSecret(atStart, () => 'whsec_clear-one');
      const second = await clear.getOrCreateSecret(onRead, () => 'whsec_clear-two');
      assert.equal(await stored('webhook_secrets', atStart), first, 'no key: stored as before');

      // At the start of a process with the key…
      const { sealed, unreadable } = await sealStoredSecrets(db, sealer);
      assert.ok(sealed >= 1);
      assert.deepEqual(unreadable, []);
      assertSealed(await stored('webhook_secrets', atStart), first);
      const keyed = new SqlWebhookStore(db, sealer);
      assert.equal(
        await keyed.getOrCreateSecret(atStart, () =>
          assert.fail('a secret made for a project that has one'),
        ),
        first,
      );
      // …or, for one written in clear later (a process without the key), when it is read.
      await db
        .updateTable('webhook_secrets')
        .set({ secret: second })
        .where('project_id', '=', onRead)
        .execute();
      assert.equal(
        await keyed.getOrCreateSecret(onRead, () =>
          assert.fail('a secret made for a project that has one'),
        ),
        second,
      );
      assertSealed(await stored('webhook_secrets', onRead), second);
    });

    it('seals the URL-signing secret the same way', async () => {
      const projectId = await newProject();
      const urls = new SqlUrlApiStore(db, sealer);
      const made = await urls.getOrCreateSecret(projectId, () => 'url-secret-made-on-first-use');
      assert.equal(made, 'url-secret-made-on-first-use');
      assertSealed(await stored('url_signing', projectId), made);
      assert.equal((await urls.signing(projectId)).secret, made);

      await urls.setSecret(projectId, 'imp_live_a-token-used-as-secret');
      assertSealed(await stored('url_signing', projectId), 'imp_live_a-token-used-as-secret');
      assert.equal((await urls.signing(projectId)).secret, 'imp_live_a-token-used-as-secret');

      const legacy = await newProject();
      await new SqlUrlApiStore(db).setSecret(legacy, 'clear-url-secret');
      assert.equal(await stored('url_signing', legacy), 'clear-url-secret');
      await sealStoredSecrets(db, sealer);
      assertSealed(await stored('url_signing', legacy), 'clear-url-secret');
      assert.equal((await urls.signing(legacy)).secret, 'clear-url-secret');
      // A clear secret that would read back as a sealed one is refused.
      await assert.rejects(urls.setSecret(legacy, 'sealed:v1.x.y.z'), RangeError);
    });

    it('a sealed secret another key or no key cannot open is a clear error, not a crash', async () => {
      const projectId = await newProject();
      await new SqlWebhookStore(db, sealer).getOrCreateSecret(projectId, () => 'whsec_sealed');
      for (const key of [OTHER_KEY, null]) {
        const repo = new SqlWebhookStore(db, storedSecretSealer(key));
        await assert.rejects(
          repo.getOrCreateSecret(projectId, () => 'whsec_new'),
          (err: unknown) =>
            err instanceof UnsealError &&
            err.message.includes(`project ${projectId}`) &&
            err.message.includes(`imprint webhook rotate --project ${projectId}`),
        );
        const { unreadable } = await sealStoredSecrets(db, storedSecretSealer(key));
        assert.ok(
          unreadable.some((u) => u.table === 'webhook_secrets' && u.projectId === projectId),
        );
      }

      // A running process with the wrong key does not send: the delivery says why and waits.
      const d = dispatcher(OTHER_KEY);
      d.start();
      const r = request(projectId, '/wrong-key');
      await d.enqueue(r);
      const row = await waitFor(async () => {
        const [delivery] = await d.listDeliveries(projectId, 'image', r.resourceId);
        return delivery?.last_error ? delivery : undefined;
      });
      assert.equal(row.status, 'pending');
      assert.match(row.last_error ?? '', /not sent: .*sealed with another IMPRINT_SECRET_KEY/);
      assert.equal(receiver.to('/wrong-key').length, 0);
    });

    it('a process whose key does not open the stored secrets refuses to start, naming the variable', async () => {
      const projectId = await newProject();
      await new SqlWebhookStore(db, sealer).getOrCreateSecret(projectId, () => 'whsec_at-start');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-sealed-'));
      try {
        for (const env of [{ IMPRINT_SECRET_KEY: OTHER_KEY }, {}]) {
          const config = loadConfig({ IMPRINT_DATA_DIR: dataDir, ...env });
          await assert.rejects(
            createRuntime(config, target),
            (err: unknown) =>
              err instanceof ConfigError &&
              err.variable === 'IMPRINT_SECRET_KEY' &&
              err.message.includes(projectId) &&
              err.message.includes('imprint webhook rotate --project <id>'),
          );
          // CLI commands still start, so `imprint webhook rotate` can replace the secret.
          const cli = await createRuntime(config, target, { allowUnreadableSecrets: true });
          await cli.close();
        }
        const right = await createRuntime(
          loadConfig({ IMPRINT_DATA_DIR: dataDir, IMPRINT_SECRET_KEY: KEY }),
          target,
        );
        await right.close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
