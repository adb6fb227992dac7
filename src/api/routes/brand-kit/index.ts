/** GET and PUT /api/rest/brand-kit: the calling project's colours and default fonts. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { getBrandKit, putBrandKit } from '../../../core/brand-kit.ts';
import { PutBrandKitBody } from '../../../core/request-shapes/brand-kit.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { smallBody } from '../../body-limits.ts';
import type { RequestTypeProvider } from '../../request-type-provider.ts';

const brandKitSchema = {
  type: 'object',
  required: ['colors', 'fonts', 'updated_at'],
  properties: {
    colors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'value'],
        properties: {
          name: { type: ['string', 'null'] },
          value: { type: 'string', description: 'Normal form: #rrggbb or #rrggbbaa.' },
        },
      },
    },
    fonts: {
      type: 'object',
      required: ['heading', 'body'],
      properties: {
        heading: { type: ['string', 'null'] },
        body: { type: ['string', 'null'] },
      },
    },
    updated_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'Last change; null when the project never saved a kit.',
    },
  },
} as const;

export async function brandKitRoutes(
  rest: FastifyInstance,
  ctx: { services: Services; config: Config },
): Promise<void> {
  const api = rest.withTypeProvider<RequestTypeProvider>();
  const { brandKits, fonts } = ctx.services;
  api.get(
    '/brand-kit',
    {
      schema: {
        tags: ['Brand kit'],
        summary: "The project's brand kit",
        description:
          'Colours and default fonts of the project the token belongs to (the editor shows them in every colour picker). A project that never saved one gets an empty kit.',
        response: { 200: brandKitSchema },
      },
    },
    async (request) => getBrandKit(brandKits, callerOf(request).project.id),
  );
  api.put(
    '/brand-kit',
    {
      schema: {
        tags: ['Brand kit'],
        summary: "Replace the project's brand kit",
        description:
          'The whole kit: colours (checked with the renderer’s colour parser, stored in normal form) and default fonts (built-in families, project families or font uuids). A bad field answers 422 naming it (colors.2.value, fonts.heading).',
        body: PutBrandKitBody,
        response: { 200: brandKitSchema },
      },
      ...smallBody(ctx.config),
    },
    async (request) =>
      putBrandKit({ brandKits, fonts }, callerOf(request).project.id, request.body),
  );
}
