/**
 * A webhook whose sender is SIGKILLed mid-attempt: a real `imprint serve` POSTs to a receiver
 * that does not answer, is killed, and started again. The restarted process sees that the
 * lease's owner (this host, a pid that is gone) is dead and sends the delivery again at once,
 * with the same webhook-id, instead of after the 40 s lease. Prints the figures.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { testDesign } from '../generation/_helpers.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a webhook in flight when its process is killed', () => {
  let srv: ServerProcess | undefined;
  let rx: Receiver | undefined;
  after(async () => {
    await srv?.close('SIGKILL');
    await rx?.close();
  });

  it(
    'is sent again by the restarted process as it starts, not after the lease',
    { timeout: 300_000 },
    async () => {
      srv = await ServerProcess.create({
        prefix: 'imprint-redelivery-',
        env: { IMPRINT_RENDER_THREADS: '1', LOG_LEVEL: 'warn' },
        readyMs: 120_000,
      });
      // The receiver holds every request for a minute: the first attempt is in flight at the kill.
      rx = await startReceiver({}, { '/hook': 60_000 });
      const { token } = srv.createProject('Redelivery');
      const api = restClient(srv.base, token);
      await srv.start();
      const tpl = await api('POST', '/templates', { title: 'Card', width: 400, height: 200 });
      assert.equal(
        (await api('PUT', `/templates/${tpl.body.uuid}/design`, testDesign())).status,
        200,
      );
      const created = await api('POST', '/images', {
        template_uuid: tpl.body.uuid,
        create_now: true,
        webhook_success: rx.url('/hook'),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      while (rx.to('/hook').length === 0) await sleep(20);
      const [first] = rx.to('/hook');

      await srv.stop('SIGKILL');
      const killedAt = Date.now();
      await srv.start();
      const upAt = Date.now();
      const until = upAt + 60_000;
      while (rx.to('/hook').length < 2 && Date.now() < until) await sleep(20);
      const second = rx.to('/hook')[1];
      assert.ok(second, 'the delivery was sent again');
      console.log(
        `webhook redelivery after SIGKILL: restart ${((upAt - killedAt) / 1000).toFixed(1)} s, ` +
          `sent again ${((second.at - first.at) / 1000).toFixed(1)} s after the first attempt ` +
          `(${((second.at - upAt) / 1000).toFixed(1)} s after the restarted server answered; the lease is 40 s)`,
      );
      assert.equal(second.headers['webhook-id'], first.headers['webhook-id']);
      assert.equal(second.headers['imprint-attempt'], '2');
      // The lease of the first attempt ends 40 s after it began; taken back, it goes much sooner.
      assert.ok(second.at - upAt < 15_000, `sent ${second.at - upAt} ms after the restart`);
      await sleep(500);
      assert.equal(rx.to('/hook').length, 2, 'sent once by the restarted process');
    },
  );
});
