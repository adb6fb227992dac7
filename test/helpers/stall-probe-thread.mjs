/* global fetch */
// The victims of a stall phase (test/helpers/stall-phase.ts), in a worker thread of their own so
// that building and sending the attacker's multi-megabyte bodies on the main thread cannot delay
// them: what they measure is the server. Three lanes run until the main thread posts 'stop':
//   health   GET /health every `everyMs`, open loop (a stalled server piles them up, each counted
//            from when it was due, as a client that keeps probing would see it)
//   create   the victim's create_now of a one-text-layer template, one after another
//   queued   the victim's queued image, polled every 100 ms until it is no longer queued
// After 'stop', requests still out get `graceMs` to answer; those that do not count as taking
// from their start until then, marked unanswered. The samples are posted back in one message.
import { parentPort, workerData } from 'node:worker_threads';

const { base, token, template, everyMs, graceMs } = workerData;
const samples = [];
let stopped = false;
const pending = new Set();
const auth = { authorization: `Bearer ${token}` };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` as one sample of `lane`, kept in `samples` when it ends or at the deadline. */
function measure(lane, work) {
  const sample = { lane, start: Date.now(), ms: 0, status: 'unanswered' };
  const done = work().then(
    (status) => {
      sample.ms = Date.now() - sample.start;
      sample.status = status;
    },
    (err) => {
      sample.ms = Date.now() - sample.start;
      sample.status = err?.cause?.code ?? err?.name ?? 'failed';
    },
  );
  const entry = { sample, done };
  pending.add(entry);
  samples.push(sample);
  return done.finally(() => pending.delete(entry));
}

async function healthLane() {
  let due = Date.now();
  while (!stopped) {
    void measure('health', async () => {
      const res = await fetch(`${base}/health`);
      await res.arrayBuffer();
      return String(res.status);
    });
    due += everyMs;
    await sleep(Math.max(0, due - Date.now()));
  }
}

const createBody = (n, createNow) =>
  JSON.stringify({
    template_uuid: template,
    ...(createNow ? { create_now: true } : {}),
    layers: { title: { text: `Victim ${n}` } },
  });

async function post(body) {
  const res = await fetch(`${base}/api/rest/images`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function createLane() {
  for (let n = 0; !stopped; n++) {
    await measure('create', async () => {
      const res = await post(createBody(n, true));
      return res.status === 200 && res.body?.status !== 'finished'
        ? `200 ${res.body?.status}`
        : String(res.status);
    });
  }
}

async function queuedLane() {
  for (let n = 0; !stopped; n++) {
    await measure('queued', async () => {
      const created = await post(createBody(n, false));
      if (created.status !== 200) return String(created.status);
      for (;;) {
        await sleep(100);
        if (stopped && Date.now() > stoppedAt + graceMs) return 'unanswered';
        const res = await fetch(`${base}/api/rest/images/${created.body.id}`, { headers: auth });
        const body = await res.json();
        if (body.status !== 'queued') return body.status === 'finished' ? '200' : body.status;
      }
    });
  }
}

let stoppedAt = 0;
parentPort.on('message', async (msg) => {
  if (msg !== 'stop') return;
  stopped = true;
  stoppedAt = Date.now();
  const until = stoppedAt + graceMs;
  while (pending.size > 0 && Date.now() < until) await sleep(20);
  for (const { sample } of pending) {
    sample.ms = until - sample.start;
    sample.status = 'unanswered';
  }
  parentPort.postMessage(samples.map((s) => ({ ...s })));
});

// The lanes start once a first /health has answered: opening the thread and its first
// connection take a while on a loaded machine, and are no part of what is measured.
const first = await fetch(`${base}/health`);
await first.arrayBuffer();
parentPort.postMessage('ready');
void healthLane();
void createLane();
void queuedLane();
