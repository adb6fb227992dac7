/**
 * Templates as code: `imprint templates pull|push`. The use functions run against a test app's
 * database (SQLite and PostgreSQL): files with a stable form, fonts by family name (by title where
 * a family is shared), collections by title, a diff before every change, --dry-run changing
 * nothing, new templates getting their uuid written back, and bad files changing nothing at all.
 * The commands themselves run in-process through the real program.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCliInProcess } from '../helpers/cli-in-process.ts';
import { loadConfig } from '../../src/config.ts';
import { createRuntime } from '../../src/main.ts';
import { pullTemplates } from '../../src/cli/templates-as-code/pull-templates.ts';
import {
  pushTemplates,
  TemplateFilesError,
} from '../../src/cli/templates-as-code/push-templates.ts';
import { testDesign } from '../generation/_helpers.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TTF = fs.readFileSync(new URL('../fixtures/fonts/dejavu-sans-latin.ttf', import.meta.url));

/** Reads every JSON file of a folder: name → parsed content. */
function readDir(dir: string): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .sort()
      .map((n) => [n, JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8'))]),
  );
}

for (const { kind, skip } of testDbKinds()) {
  describe(`templates pull and push (${kind})`, { skip }, () => {
    let t: TestApp;
    let dir: string;
    let uuid: string;
    const fonts: Record<string, string> = {};
    const diffs: string[] = [];
    const push = (dryRun = false, publish = false) =>
      pushTemplates(t.runtime.services, t.project.id, dir, {
        dryRun,
        publish,
        print: (d) => diffs.push(d),
      });
    const design = async (u: string) => (await t.runtime.services.templates.find(t.project.id, u))!;

    before(async () => {
      t = await createTestApp(kind);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-templates-'));
      const { account_id } = (await t.runtime.services.projects.findProject(t.project.id))!;
      const add = async (title: string, family: string) => {
        const f = await t.runtime.services.fonts.insert({
          projectId: t.project.id,
          accountId: account_id,
          title,
          filename: `${title}.ttf`,
          format: 'ttf',
          family,
          data: TTF,
        });
        fonts[title] = f.uuid;
      };
      await add('Brand', 'Brand Sans');
      await add('Inter Regular', 'Inter');
      await add('Inter Bold', 'Inter');
      const collection = await t.request({
        method: 'POST',
        url: '/api/rest/collections',
        payload: { title: 'Launch' },
      });
      assert.equal(collection.statusCode, 201, collection.body);
      const created = await t.request({
        method: 'POST',
        url: '/api/rest/templates',
        payload: {
          title: 'Summer Sale: Café',
          width: 400,
          height: 200,
          tags: ['social', 'social/instagram'],
          custom_data: { owner: 'marketing' },
          add_to_collections: [collection.json().id],
        },
      });
      uuid = created.json().uuid;
      const d = testDesign();
      Object.assign(d.layers[0], { font: fonts.Brand, alt_font: fonts['Inter Bold'] });
      const put = await t.request({
        method: 'PUT',
        url: `/api/rest/templates/${uuid}/design`,
        payload: d,
      });
      assert.equal(put.statusCode, 200, put.body);
    });
    after(async () => {
      await t?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('pulls each template into a readable, stable file', async () => {
      const first = await pullTemplates(t.runtime.services, t.project.id, dir);
      const name = `summer-sale-cafe-${uuid}.json`;
      assert.deepEqual(first.written, [name]);
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      assert.ok(text.startsWith(`{\n  "uuid": "${uuid}",\n  "title": "Summer Sale: Café",\n`));
      assert.ok(text.endsWith('}\n'));
      const file = JSON.parse(text);
      assert.deepEqual(Object.keys(file), [
        'uuid',
        'title',
        'tags',
        'collections',
        'custom_data',
        'design',
      ]);
      assert.deepEqual(file.tags, ['social', 'social/instagram']);
      assert.deepEqual(file.collections, ['Launch']);
      assert.deepEqual(file.custom_data, { owner: 'marketing' });
      const title = file.design.layers[0];
      assert.deepEqual(Object.keys(title).slice(0, 6), [
        'name',
        'type',
        'x',
        'y',
        'width',
        'height',
      ]);
      // The family where it is the font's own; the title where two fonts share "Inter".
      assert.equal(title.font, 'Brand Sans');
      assert.equal(title.alt_font, 'Inter Bold');
      const again = await pullTemplates(t.runtime.services, t.project.id, dir);
      assert.deepEqual(again, { written: [], unchanged: [name], removed: [] });
      assert.equal(fs.readFileSync(path.join(dir, name), 'utf8'), text);
      diffs.length = 0;
      assert.deepEqual((await push()).unchanged, [name]);
      assert.deepEqual(diffs, [], 'an unedited folder pushes no change');
    });

    it('shows a diff and changes nothing with --dry-run, then pushes the changes', async () => {
      const name = `summer-sale-cafe-${uuid}.json`;
      const file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      file.design.layers[0].text = 'Now 20% off';
      file.design.layers[0].alt_font = 'Inter Regular';
      file.tags = ['social'];
      file.collections = ['Autumn'];
      fs.writeFileSync(path.join(dir, name), JSON.stringify(file));
      const fresh = testDesign(300, 100);
      fs.writeFileSync(
        path.join(dir, 'new-card.json'),
        JSON.stringify({ title: 'New card', collections: ['Autumn'], design: fresh }),
      );
      const before = fs.readdirSync(dir).sort();
      const stored = await design(uuid);

      diffs.length = 0;
      const dry = await push(true);
      assert.deepEqual(dry.updated, [name]);
      assert.deepEqual(dry.created, ['new-card.json']);
      assert.deepEqual(dry.newCollections, ['Autumn']);
      // In file-name order: new-card.json before summer-sale-….json.
      const [creation, change] = diffs;
      assert.match(change, new RegExp(`^--- a/${uuid}$`, 'm'));
      assert.match(change, /^-\s+"text": "Hello",$/m);
      assert.match(change, /^\+\s+"text": "Now 20% off",$/m);
      assert.match(change, /^-\s+"alt_font": "Inter Bold",$/m);
      assert.match(change, /^\+\s+"Autumn"$/m);
      assert.match(creation, /^\+\s+"title": "New card",$/m);
      assert.deepEqual(await design(uuid), stored, 'the dry run changed nothing');
      assert.deepEqual(fs.readdirSync(dir).sort(), before);
      assert.equal((await t.runtime.services.collections.listAll(t.project.id)).length, 1);

      diffs.length = 0;
      const done = await push();
      assert.deepEqual(done.updated, [name]);
      assert.equal(diffs.length, 2);
      const updated = await design(uuid);
      const layer = updated.design.layers[0] as unknown as Record<string, unknown>;
      assert.equal(layer.text, 'Now 20% off');
      assert.equal(layer.alt_font, fonts['Inter Regular']);
      assert.equal(layer.font, fonts.Brand);
      assert.deepEqual(updated.tags, ['social']);
      const collections = await t.runtime.services.collections.listAll(t.project.id);
      const launch = collections.find((c) => c.title === 'Launch')!;
      const autumn = collections.find((c) => c.title === 'Autumn')!;
      assert.deepEqual(launch.template_uuids, []);
      assert.equal(autumn.template_uuids.length, 2);
      assert.ok(autumn.template_uuids.includes(uuid));
      // The new template's file now carries its uuid, under its pulled name.
      const newUuid = autumn.template_uuids.find((u) => u !== uuid)!;
      const files = readDir(dir);
      assert.deepEqual(Object.keys(files), [`new-card-${newUuid}.json`, name]);
      assert.equal(files[`new-card-${newUuid}.json`].uuid, newUuid);
      assert.equal((await design(newUuid)).width, 300);
      // The new template was created with its design: version 1 is the file's design, no empty one.
      assert.deepEqual(
        done.versions.find((v) => v.uuid === newUuid),
        { fileName: 'new-card.json', uuid: newUuid, version: 1, previous: null },
      );
      assert.equal((await design(newUuid)).version, 1);
      const first = await t.runtime.services.templateVersions.getDesign(t.project.id, newUuid, 1);
      assert.deepEqual(first?.design.layers, (await design(newUuid)).design.layers);
      assert.equal(first?.design.layers.length, fresh.layers.length);
      assert.ok(fresh.layers.length > 0);
      // Like every design save, the push rendered the thumbnails of the versions it saved.
      await t.runtime.services.previews.idle();
      for (const u of [uuid, newUuid]) {
        const saved = await design(u);
        const latest = await t.runtime.services.templateVersions.find(
          t.project.id,
          u,
          saved.version,
        );
        assert.match(saved.thumbnail_key ?? '', new RegExp(`^thumbnails/${u}/`));
        assert.equal(latest?.thumbnail_key, saved.thumbnail_key, 'the latest version’s thumbnail');
        assert.ok(await t.runtime.services.storage.get(saved.thumbnail_key!), u);
      }

      diffs.length = 0;
      const third = await push();
      assert.equal(third.unchanged.length, 2);
      assert.deepEqual(diffs, []);
      // A pull brings back what was pushed (reformatting only the hand-written file).
      const pushed = readDir(dir);
      const pulled = await pullTemplates(t.runtime.services, t.project.id, dir);
      assert.deepEqual(pulled.written, [name]);
      assert.deepEqual(readDir(dir), pushed);
    });

    it('lists every problem of every file and changes nothing', async () => {
      const name = `summer-sale-cafe-${uuid}.json`;
      const good = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      good.title = 'Renamed';
      fs.writeFileSync(path.join(dir, name), JSON.stringify(good));
      const bad = testDesign() as unknown as { layers: Record<string, unknown>[] };
      bad.layers[0].font_size = 'huge';
      fs.writeFileSync(
        path.join(dir, 'bad.json'),
        JSON.stringify({ title: 'Bad', tags: 'social', design: bad, colour: 1 }),
      );
      fs.writeFileSync(path.join(dir, 'broken.json'), '{ "title": ');
      const copy = { ...good, title: 'Copy' };
      fs.writeFileSync(path.join(dir, 'copy.json'), JSON.stringify(copy));
      await assert.rejects(push(), (err) => {
        assert.ok(err instanceof TemplateFilesError);
        const all = err.problems.join('\n');
        assert.match(all, /^bad\.json: colour: unknown field/m);
        assert.match(all, /^bad\.json: tags: must be an array of strings/m);
        assert.match(all, /^broken\.json: not valid JSON/m);
        assert.match(all, new RegExp(`: uuid: ${uuid} is also the uuid in copy\\.json`, 'm'));
        return true;
      });
      fs.rmSync(path.join(dir, 'broken.json'));
      fs.rmSync(path.join(dir, 'copy.json'));
      fs.writeFileSync(
        path.join(dir, 'bad.json'),
        JSON.stringify({ title: 'Bad', tags: ['a'.repeat(101)], design: bad }),
      );
      await assert.rejects(push(), (err) => {
        assert.ok(err instanceof TemplateFilesError);
        const all = err.problems.join('\n');
        assert.match(all, /^bad\.json: design\.layers\.0\.font_size: must be a length/m);
        assert.match(all, /^bad\.json: tags\.0: /m);
        return true;
      });
      assert.equal((await design(uuid)).title, 'Summer Sale: Café', 'the good file was not pushed');
      fs.rmSync(path.join(dir, 'bad.json'));
    });

    it('pushes each changed design as a new version, publishes, pulls an old version', async () => {
      await pullTemplates(t.runtime.services, t.project.id, dir);
      const name = `summer-sale-cafe-${uuid}.json`;
      const edit = (text: string, folder = dir) => {
        const file = JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8'));
        file.design.layers[0].text = text;
        fs.writeFileSync(path.join(folder, name), JSON.stringify(file));
      };
      const start = await design(uuid);
      assert.equal(start.published_version, null);

      edit('Version A');
      const a = await push();
      assert.deepEqual(a.versions, [
        { fileName: name, uuid, version: start.version + 1, previous: start.version },
      ]);
      assert.deepEqual(a.published, []);
      edit('Version B');
      const dry = await push(true, true);
      assert.deepEqual(
        dry.published.map((p) => p.fileName),
        [fs.readdirSync(dir).find((n) => n.startsWith('new-card-'))!, name],
      );
      assert.equal((await design(uuid)).version, start.version + 1, 'the dry run made no version');
      const b = await push(false, true);
      assert.deepEqual(b.versions, [
        { fileName: name, uuid, version: start.version + 2, previous: start.version + 1 },
      ]);
      // Both templates of the folder: the changed one and the unchanged new card.
      assert.equal(b.published.length, 2);
      assert.deepEqual(
        b.published.find((p) => p.uuid === uuid),
        { fileName: name, uuid, version: start.version + 2 },
      );
      const published = await design(uuid);
      assert.equal(published.published_version, start.version + 2);
      assert.deepEqual((await push(false, true)).published, [], 'already published');

      // The version before is kept: pull it into another folder and push it back (a restore).
      const old = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-templates-old-'));
      try {
        const pulled = await pullTemplates(t.runtime.services, t.project.id, old, {
          template: uuid,
          version: start.version + 1,
        });
        assert.deepEqual(pulled.written, [name]);
        const file = JSON.parse(fs.readFileSync(path.join(old, name), 'utf8'));
        assert.equal(file.design.layers[0].text, 'Version A');
        assert.equal(file.design.layers[0].font, 'Brand Sans');
        const back = await pushTemplates(t.runtime.services, t.project.id, old, {
          dryRun: false,
          print: () => undefined,
        });
        assert.deepEqual(back.versions, [
          { fileName: name, uuid, version: start.version + 3, previous: start.version + 2 },
        ]);
        const latest = await design(uuid);
        assert.equal((latest.design.layers[0] as { text?: string }).text, 'Version A');
        assert.equal(latest.published_version, start.version + 2, 'push alone publishes nothing');
        const listed = await t.runtime.services.templateVersions.list(t.project.id, uuid, {
          perPage: 3,
        });
        assert.deepEqual(
          listed?.items.map((v) => v.version),
          [start.version + 3, start.version + 2, start.version + 1],
        );

        await assert.rejects(
          pullTemplates(t.runtime.services, t.project.id, old, { template: uuid, version: 999 }),
          new RegExp(`Template ${uuid} has no version 999`),
        );
        await assert.rejects(
          pullTemplates(t.runtime.services, t.project.id, old, { version: 1 }),
          /--version needs --template/,
        );
        await assert.rejects(
          pullTemplates(t.runtime.services, t.project.id, old, { template: 'nope' }),
          /No template nope in project/,
        );
      } finally {
        fs.rmSync(old, { recursive: true, force: true });
      }
    });
  });
}

describe('imprint templates commands', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-templates-cli-'));
  const dir = path.join(dataDir, 'templates');
  // This file runs in its own process, so the environment can point at a fresh data folder.
  process.env.IMPRINT_DATA_DIR = dataDir;
  process.env.DATABASE_URL = '';
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the CLI in-process; returns its exit code, stdout (console and writes) and stderr. */
  async function imprint(...args: string[]) {
    const run = await runCliInProcess(args);
    return { code: run.code, out: run.stdout, err: run.stderr };
  }

  it('pushes with a diff (nothing on --dry-run) and pulls the files back', async () => {
    const created = await imprint('project', 'create', 'Code', '--json');
    const project = JSON.parse(created.out).id as string;
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, 'card.json'),
      JSON.stringify({ title: 'Card', tags: ['x'], design: testDesign() }),
    );
    const dry = await imprint('templates', 'push', '--project', project, '--dir', dir, '--dry-run');
    assert.equal(dry.code, 0, dry.err);
    assert.match(dry.out, /^\+\s+"title": "Card",$/m);
    assert.match(dry.out, /dry run, nothing changed: would create 1, would update 0, unchanged 0/);
    assert.deepEqual(fs.readdirSync(dir), ['card.json']);
    const pushed = await imprint('templates', 'push', '--project', project, '--dir', dir);
    assert.equal(pushed.code, 0, pushed.err);
    assert.match(pushed.out, /created 1, updated 0, unchanged 0/);
    const [name] = fs.readdirSync(dir);
    assert.match(name, /^card-[0-9a-z]+\.json$/);
    // The command waited for the thumbnail of the pushed design before it closed.
    const runtime = await createRuntime(loadConfig());
    try {
      const uuid = /^card-(.+)\.json$/.exec(name)![1];
      const template = await runtime.services.templates.find(project, uuid);
      assert.match(template?.thumbnail_key ?? '', new RegExp(`^thumbnails/${uuid}/`));
    } finally {
      await runtime.close();
    }
    const other = path.join(dataDir, 'pulled');
    const pulled = await imprint('templates', 'pull', '--project', project, '--dir', other);
    assert.equal(pulled.code, 0, pulled.err);
    assert.match(pulled.out, /1 written, 0 unchanged, 0 removed/);
    assert.equal(
      fs.readFileSync(path.join(other, name), 'utf8'),
      fs.readFileSync(path.join(dir, name), 'utf8'),
    );
    // A second push of a changed design: a new version, the one before kept; --publish.
    const uuid = /^card-(.+)\.json$/.exec(name)![1];
    const file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    file.design.layers[0].text = 'Changed';
    fs.writeFileSync(path.join(dir, name), JSON.stringify(file));
    const again = await imprint(
      'templates',
      'push',
      '--project',
      project,
      '--dir',
      dir,
      '--publish',
    );
    assert.equal(again.code, 0, again.err);
    assert.match(
      again.out,
      new RegExp(
        `^${uuid}: version 2 \\(${name}\\); version 1 is kept: imprint templates pull --template ${uuid} --version 1$`,
        'm',
      ),
    );
    assert.match(again.out, new RegExp(`^published version 2 of ${uuid}$`, 'm'));
    // Version 1 is the first push's design (the template was created with it), not an empty one.
    const v1 = await imprint(
      'templates',
      'pull',
      '--project',
      project,
      '--dir',
      other,
      '--template',
      uuid,
      '--version',
      '1',
    );
    assert.equal(v1.code, 0, v1.err);
    assert.equal(
      JSON.parse(fs.readFileSync(path.join(other, name), 'utf8')).design.layers[0].text,
      'Hello',
    );
    const bad = await imprint(
      'templates',
      'pull',
      '--project',
      project,
      '--dir',
      other,
      '--template',
      uuid,
      '--version',
      '0',
    );
    assert.notEqual(bad.code, 0);
    assert.match(bad.err, /--version.*must be a whole number ≥ 1/);
    const unknown = await imprint('templates', 'pull', '--project', 'nope', '--dir', other);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No project with id nope/);
    const missing = await imprint('templates', 'push', '--project', project);
    assert.notEqual(missing.code, 0);
  });
});
