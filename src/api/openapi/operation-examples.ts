/**
 * An example for every operation of the API description, keyed by "METHOD path": the request
 * body where the operation takes one (the tests check each against its own request schema), and
 * the success response. Values are realistic, never secrets.
 */

const TEMPLATE_UUID = 'tpl_8f2c1e0d9a';
const CREATED = '2026-01-15T09:30:00.000Z';

const image = {
  id: 42,
  status: 'finished',
  image_url: 'https://imprint.example.com/files/images/42-3f9a7c.png',
  polling_url: 'https://imprint.example.com/api/rest/images/42',
  template_uuid: TEMPLATE_UUID,
  template_version: 3,
  passthrough: 'order-1234',
  errors: [],
  error: null,
  created_at: CREATED,
};

const pdf = {
  id: 7,
  status: 'queued',
  pdf_url: null,
  polling_url: 'https://imprint.example.com/api/rest/pdfs/7',
  template_versions: [3],
  passthrough: null,
  errors: [],
  error: null,
  created_at: CREATED,
};

const video = {
  id: 3,
  status: 'queued',
  video_url: null,
  polling_url: 'https://imprint.example.com/api/rest/videos/3',
  template_versions: [3, 1],
  passthrough: null,
  errors: [],
  error: null,
  created_at: CREATED,
};

const font = {
  uuid: 'fnt_2b7d91c4',
  title: 'Inter Bold',
  filename: 'Inter-Bold.ttf',
  created_at: CREATED,
};

const builtInFamily = {
  family: 'Montserrat',
  kind: 'library',
  category: 'sans-serif',
  weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  styles: ['italic', 'normal'],
  subsets: ['latin', 'cyrillic', 'cyrillic-ext', 'latin-ext', 'vietnamese'],
  license: 'OFL-1.1',
  source: '@fontsource/montserrat 5.3.0',
};

const brandKit = {
  colors: [
    { name: 'Ink', value: '#0f172a' },
    { name: 'Accent', value: '#f59e0be6' },
  ],
  fonts: { heading: 'Montserrat', body: 'Inter' },
  updated_at: CREATED,
};

const template = {
  uuid: TEMPLATE_UUID,
  title: 'Instagram post',
  thumbnail: null,
  tags: ['social/instagram'],
  layers: [
    { name: 'title', type: 'text' },
    { name: 'photo', type: 'picture' },
  ],
  width: 1080,
  height: 1080,
  custom_data: null,
  version: 3,
  published_version: 2,
  created_at: CREATED,
  updated_at: CREATED,
};

const version = {
  version: 3,
  name: 'Spring campaign',
  created_at: CREATED,
  created_by: { kind: 'editor_session', token_id: 'tok_5e1a' },
  thumbnail: null,
  published: false,
  width: 1080,
  height: 1080,
};

const design = {
  width: 1080,
  height: 1080,
  background: '#ffffff',
  layers: [
    {
      name: 'photo',
      type: 'picture',
      x: 0,
      y: 0,
      width: 1080,
      height: 720,
      image: 'https://images.example.com/beach.jpg',
      object_fit: 'cover',
    },
    {
      name: 'title',
      type: 'text',
      x: 60,
      y: 760,
      width: 960,
      height: 200,
      text: 'Summer *sale*',
      font_size: 96,
      font_weight: 'bold',
      text_color: '#111827',
      alt_text_color: '#dc2626',
      align: 'center',
      vertical_align: 'middle',
      auto_fit: true,
    },
    {
      name: 'badge',
      type: 'shape',
      x: 880,
      y: 40,
      width: 160,
      height: 160,
      shape: 'ellipse',
      background_color: '#fbbf24',
    },
  ],
};

const collection = {
  id: 'col_5e1a',
  title: 'Social media',
  custom_data: null,
  template_uuids: [TEMPLATE_UUID],
};

const pageLinks = { first: null, last: null, prev: null, next: null };

const layerValues = {
  title: { text: 'Summer sale', font_size: '72', text_color: '#dc2626' },
  photo: { image: 'https://images.example.com/beach.jpg', object_fit: 'contain' },
  badge: { hide: 'true' },
};

const delivery = {
  id: 'whd_91c2',
  event: 'image.finished',
  url: 'https://hooks.example.com/imprint',
  status: 'succeeded',
  attempts: 1,
  max_attempts: 8,
  last_status_code: 200,
  last_error: null,
  last_attempt_at: CREATED,
  next_attempt_at: null,
  delivered_at: CREATED,
  created_at: CREATED,
};

/** Examples of one operation. */
export interface OperationExamples {
  request?: unknown;
  response?: unknown;
}

/** "METHOD path" → its examples. */
export const OPERATION_EXAMPLES: Record<string, OperationExamples> = {
  'GET /health': { response: { status: 'ok' } },
  'GET /ready': { response: { status: 'ready', checks: { database: 'ok', queue: 'ok' } } },
  'GET /files/{path}': { response: 'The file bytes (PNG, JPEG, WebP or PDF).' },
  'GET /u/{template_uuid}': { response: 'The image bytes.' },
  'GET /api/n8n/auth': {
    response: { project: { id: 'prj_1c9e', title: 'Marketing' }, test_mode: false },
  },
  'GET /api/rest/fonts': {
    response: { data: [font], links: pageLinks, meta: { path: '/api/rest/fonts', per_page: 50 } },
  },
  'POST /api/rest/fonts': {
    request: { file: 'Inter-Bold.ttf (file bytes)', title: 'Inter Bold', terms_accepted: 'true' },
    response: font,
  },
  'GET /api/rest/fonts/{uuid}': { response: font },
  'GET /api/rest/fonts/built-in': { response: { data: [builtInFamily] } },
  'GET /api/rest/fonts/built-in/{family}': { response: builtInFamily },
  'GET /api/rest/brand-kit': { response: brandKit },
  'PUT /api/rest/brand-kit': {
    request: {
      colors: [
        { name: 'Ink', value: '#0F172A' },
        { name: 'Accent', value: 'rgba(245, 158, 11, 0.9)' },
      ],
      fonts: { heading: 'Montserrat', body: 'Inter' },
    },
    response: brandKit,
  },
  'PATCH /api/rest/fonts/{uuid}': {
    request: { title: 'Inter Bold (headlines)' },
    response: { ...font, title: 'Inter Bold (headlines)' },
  },
  'DELETE /api/rest/fonts/{uuid}': { response: { message: 'Font deleted' } },
  'GET /api/rest/templates': {
    response: { data: [template], links: pageLinks, meta: { per_page: 20 } },
  },
  'POST /api/rest/templates': {
    request: { title: 'Instagram post', width: 1080, height: 1080, tags: ['social/instagram'] },
    response: template,
  },
  'GET /api/rest/templates/{template_uuid}': { response: template },
  'PATCH /api/rest/templates/{template_uuid}': {
    request: { title: 'Instagram post (summer)', tags: ['social/instagram', 'summer'] },
    response: { ...template, title: 'Instagram post (summer)' },
  },
  'DELETE /api/rest/templates/{template_uuid}': { response: { message: 'Template deleted' } },
  'GET /api/rest/templates/{template_uuid}/design': { response: design },
  'PUT /api/rest/templates/{template_uuid}/design': { request: design, response: design },
  'GET /api/rest/templates/{template_uuid}/versions': {
    response: { data: [version], links: pageLinks, meta: { per_page: 20 } },
  },
  'GET /api/rest/templates/{template_uuid}/versions/{version}': {
    response: { ...version, design },
  },
  'PATCH /api/rest/templates/{template_uuid}/versions/{version}': {
    request: { name: 'Spring campaign' },
    response: version,
  },
  'POST /api/rest/templates/{template_uuid}/versions/{version}/restore': {
    response: { ...version, version: 4, name: null },
  },
  'POST /api/rest/templates/{template_uuid}/preview': {
    request: { layers: layerValues, modifications: { width: 600 } },
    response: 'The PNG bytes; warnings in the Imprint-Warnings header (a JSON array).',
  },
  'POST /api/editor/session': {
    request: { code: 'bXk0Y2hhbmdlZC1jb2RlLW9mLTMyLWNo' },
    response: {
      token: 'imp_live_…',
      expires_at: '2026-01-15T21:30:00.000Z',
      project: { id: 'prj_1c9e', title: 'Marketing' },
    },
  },
  'GET /api/rest/starter-templates': {
    response: {
      data: [
        {
          id: 'social-card',
          title: 'Social card',
          width: 1200,
          height: 630,
          tags: ['social', 'open-graph', 'blog'],
          thumbnail: 'https://imprint.example.com/api/starter-templates/social-card/thumbnail.png',
        },
      ],
    },
  },
  'POST /api/rest/starter-templates/{id}/copy': {
    request: { title: 'Launch announcement' },
    response: { ...template, title: 'Launch announcement', design },
  },
  'GET /api/starter-templates/{id}/thumbnail.png': { response: 'The PNG bytes.' },
  'GET /api/rest/collections': {
    response: { data: [collection], links: pageLinks, meta: { per_page: 20 } },
  },
  'POST /api/rest/collections': {
    request: { title: 'Social media', template_uuids: [TEMPLATE_UUID] },
    response: collection,
  },
  'GET /api/rest/collections/{collection_id}': { response: collection },
  'PATCH /api/rest/collections/{collection_id}': {
    request: { add_template_uuids: ['tpl_0a4b7c'] },
    response: { ...collection, template_uuids: [TEMPLATE_UUID, 'tpl_0a4b7c'] },
  },
  'DELETE /api/rest/collections/{collection_id}': { response: { message: 'Collection deleted' } },
  'GET /api/rest/images/{id}/webhook-deliveries': { response: { data: [delivery] } },
  'GET /api/rest/pdfs/{id}/webhook-deliveries': {
    response: { data: [{ ...delivery, event: 'pdf.finished' }] },
  },
  'GET /api/rest/videos/{id}/webhook-deliveries': {
    response: { data: [{ ...delivery, event: 'video.finished' }] },
  },
  'GET /api/rest/images': {
    response: {
      data: [image],
      links: {
        ...pageLinks,
        next: 'https://imprint.example.com/api/rest/images?status=finished&cursor=WyJuIiwiMjAyNi0wMS0xNVQwOTozMDowMC4wMDBaIiw0Ml0',
      },
      meta: {
        path: 'https://imprint.example.com/api/rest/images',
        per_page: 20,
        next_cursor: 'WyJuIiwiMjAyNi0wMS0xNVQwOTozMDowMC4wMDBaIiw0Ml0',
        prev_cursor: null,
      },
    },
  },
  'GET /api/rest/pdfs': {
    response: {
      data: [pdf],
      links: pageLinks,
      meta: {
        path: 'https://imprint.example.com/api/rest/pdfs',
        per_page: 20,
        next_cursor: null,
        prev_cursor: null,
      },
    },
  },
  'POST /api/rest/images': {
    request: {
      template_uuid: TEMPLATE_UUID,
      layers: layerValues,
      modifications: { width: 1080, height: 1080, image_format: 'png' },
      webhook_success: 'https://hooks.example.com/imprint',
      passthrough: 'order-1234',
    },
    response: image,
  },
  'POST /api/rest/{template_uuid}': {
    request: { layers: layerValues, create_now: true },
    response: image,
  },
  'GET /api/rest/images/{id}': { response: image },
  'DELETE /api/rest/images/{id}': { response: null },
  'POST /api/rest/pdfs': {
    request: {
      pages: [
        { template_uuid: TEMPLATE_UUID, layers: layerValues },
        { template_uuid: 'tpl_0a4b7c' },
      ],
      modifications: { filename: 'brochure.pdf', dpi: 300, color_mode: 'rgb' },
    },
    response: pdf,
  },
  'POST /api/rest/pdfs/merge': {
    request: {
      urls: [
        'https://imprint.example.com/files/pdfs/7-a1b2c3.pdf',
        'https://docs.example.com/terms.pdf',
      ],
      modifications: { filename: 'offer.pdf' },
    },
    response: pdf,
  },
  'GET /api/rest/pdfs/{id}': {
    response: {
      ...pdf,
      status: 'finished',
      pdf_url: 'https://imprint.example.com/files/pdfs/7-a1b2c3.pdf',
    },
  },
  'DELETE /api/rest/pdfs/{id}': { response: null },
  'GET /api/rest/usage': {
    response: {
      credits_used: 120,
      credits_reserved: 2,
      credit_limit: 1000,
      credits_remaining: 878,
    },
  },
  'POST /api/rest/videos': {
    request: {
      clips: [
        {
          template_uuid: TEMPLATE_UUID,
          layers: {
            background: { video: 'https://media.example.com/beach.mp4' },
            title: { text: ['Summer sale', 'Up to 50% off'] },
          },
          audio: 'https://media.example.com/music.mp3',
          audio_duration: 'auto',
        },
        { template_uuid: 'tpl_0a4b7c', layers: { title: { text: 'Shop now' } } },
      ],
      modifications: { format: 'mp4', fps: 25, canvas_background: '#000000' },
      webhook_success: 'https://hooks.example.com/imprint',
    },
    response: video,
  },
  'GET /api/rest/videos': {
    response: {
      data: [video],
      links: pageLinks,
      meta: {
        path: 'https://imprint.example.com/api/rest/videos',
        per_page: 20,
        next_cursor: null,
        prev_cursor: null,
      },
    },
  },
  'GET /api/rest/videos/{id}': {
    response: {
      ...video,
      status: 'finished',
      video_url: 'https://imprint.example.com/files/videos/5f3c9e1a/video.mp4',
    },
  },
  'DELETE /api/rest/videos/{id}': { response: null },
  'POST /api/rest/media': {
    request: { files: 'beach.jpg (file bytes)' },
    response: {
      media: [
        { file_key: 'files', file_id: 'https://imprint.example.com/files/media/3f9a7c-beach.jpg' },
      ],
    },
  },
};
