/**
 * Types of the Imprint REST API, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: run `npm run client:generate` at the repository root after changing a route.
 */

export interface paths {
  '/api/editor/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in to the editor with a sign-in link
     * @description Exchanges the code of a sign-in link (`npx imprint editor-link --project <id>` prints `<base>/editor#link=<code>`) for a new live token of that project that expires (IMPRINT_EDITOR_SESSION_HOURS, default 12). A code works once and until its link expires; an unknown, used or expired code is a 401. No bearer token is needed. Limited per client address (IMPRINT_EDITOR_SIGNIN_RATE_LIMIT attempts per minute; 429 with Retry-After above).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "code": "bXk0Y2hhbmdlZC1jb2RlLW9mLTMyLWNo"
           *     }
           */
          'application/json': {
            /** @description The code after `#link=` in the sign-in link. */
            code: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "token": "imp_live_…",
             *       "expires_at": "2026-01-15T21:30:00.000Z",
             *       "project": {
             *         "id": "prj_1c9e",
             *         "title": "Marketing"
             *       }
             *     }
             */
            'application/json': {
              /**
               * Format: date-time
               * @description When the token stops working (401 from then on).
               */
              expires_at: string;
              project: {
                id: string;
                title: string;
              };
              /** @description A live API token (`imp_live_…`) of the project; send it as Bearer token. */
              token: string;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/n8n/auth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Check an API token (Placid's n8n credential test) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "project": {
             *         "id": "prj_1c9e",
             *         "title": "Marketing"
             *       },
             *       "test_mode": false
             *     }
             */
            'application/json': {
              project?: {
                id?: string;
                title?: string;
              };
              test_mode?: boolean;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/{template_uuid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create an image (Placid alias: the template in the path) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional. 1–255 printable ASCII characters naming this creation, e.g. a random UUID. A retry with the same key and the same body within 24 hours answers the object the first request created (header `Idempotent-Replayed: true`) and charges once; the same key with another body is a 422 (docs/api.md#idempotent-requests). */
          'idempotency-key'?: string;
        };
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "layers": {
           *         "title": {
           *           "text": "Summer sale",
           *           "font_size": "72",
           *           "text_color": "#dc2626"
           *         },
           *         "photo": {
           *           "image": "https://images.example.com/beach.jpg",
           *           "object_fit": "contain"
           *         },
           *         "badge": {
           *           "hide": "true"
           *         }
           *       },
           *       "create_now": true
           *     }
           */
          'application/json': {
            /** @description Render inside the request and answer with the finished object. */
            create_now?: boolean | null;
            /** @description Accepted and ignored (shown empty in the reference). */
            errors?: unknown[] | null;
            layers?: components['schemas']['LayerValues'];
            modifications?: {
              /** @enum {unknown} */
              color_mode?: 'rgb' | 'cmyk' | null;
              /** @enum {unknown} */
              dpi?: 72 | 150 | 300 | '72' | '150' | '300' | null;
              filename?: string | null;
              height?: number | null;
              /** @enum {unknown} */
              image_format?: 'auto' | 'jpg' | 'png' | 'webp' | null;
              /**
               * @description Extension, PNG only: fast (default; zlib 3, no filtering), balanced (zlib 6, adaptive filtering: ~17% smaller, ~4.5× the encode time), small (zlib 9, adaptive filtering: ~21% smaller, ~14× the encode time).
               * @enum {unknown}
               */
              png_compression?: 'fast' | 'balanced' | 'small' | null;
              width?: number | null;
            } | null;
            /** @description String, array or object (≤1024 characters as serialised), echoed back as given. */
            passthrough?: string | unknown[] | Record<string, unknown> | null;
            /** @description Optional; must equal the path. */
            template_uuid?: string | null;
            /** @description The template version to render; default: the template's published_version, else its latest version (docs/template-versions.md). */
            template_version?: number | null;
            /** @description Copy the file to your S3-compatible bucket (credentials are never stored). */
            transfer?: Record<string, unknown> | null;
            /** @description Extension: POSTed the object when it ends in error. Addresses as for webhook_success. */
            webhook_error?: string | null;
            /** @description POSTed the finished object (signed, retried). A loopback or private address is a 422 unless the server sets IMPRINT_ALLOW_PRIVATE_URLS=1. */
            webhook_success?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 42,
             *       "status": "finished",
             *       "image_url": "https://imprint.example.com/files/images/42-3f9a7c.png",
             *       "polling_url": "https://imprint.example.com/api/rest/images/42",
             *       "template_uuid": "tpl_8f2c1e0d9a",
             *       "template_version": 3,
             *       "passthrough": "order-1234",
             *       "errors": [],
             *       "error": null,
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              created_at?: string;
              /** @description The errors joined; null unless status is error. */
              error?: string | null;
              errors?: string[];
              /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
              file_expired?: boolean;
              id?: number;
              image_url?: string | null;
              passthrough?: unknown;
              polling_url?: string;
              /** @enum {string} */
              status?: 'queued' | 'finished' | 'error';
              template_uuid?: string;
              /** @description The template version rendered (docs/template-versions.md); null for images made before versions. */
              template_version?: number | null;
              /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
              warnings?: string[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/brand-kit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The project's brand kit
     * @description Colours and default fonts of the project the token belongs to (the editor shows them in every colour picker). A project that never saved one gets an empty kit.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "colors": [
             *         {
             *           "name": "Ink",
             *           "value": "#0f172a"
             *         },
             *         {
             *           "name": "Accent",
             *           "value": "#f59e0be6"
             *         }
             *       ],
             *       "fonts": {
             *         "heading": "Montserrat",
             *         "body": "Inter"
             *       },
             *       "updated_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              colors: {
                name: string | null;
                /** @description Normal form: #rrggbb or #rrggbbaa. */
                value: string;
              }[];
              fonts: {
                body: string | null;
                heading: string | null;
              };
              /**
               * Format: date-time
               * @description Last change; null when the project never saved a kit.
               */
              updated_at: string | null;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /**
     * Replace the project's brand kit
     * @description The whole kit: colours (checked with the renderer’s colour parser, stored in normal form) and default fonts (built-in families, project families or font uuids). A bad field answers 422 naming it (colors.2.value, fonts.heading).
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "colors": [
           *         {
           *           "name": "Ink",
           *           "value": "#0F172A"
           *         },
           *         {
           *           "name": "Accent",
           *           "value": "rgba(245, 158, 11, 0.9)"
           *         }
           *       ],
           *       "fonts": {
           *         "heading": "Montserrat",
           *         "body": "Inter"
           *       }
           *     }
           */
          'application/json': {
            /** @description The kit's colours in order (at most 48). */
            colors: {
              /** @description Optional name (at most 60 characters). */
              name?: string | null;
              /** @description A colour as layers take it: #RRGGBB, #RRGGBBAA, #RGB, rgba(…), cmyk(…) or a CSS name. Stored in normal form (#rrggbb or #rrggbbaa). */
              value: string;
            }[];
            fonts?: {
              /** @description Default font for body text: a built-in family name (GET /fonts/built-in), a project font family or a font uuid; null for none. */
              body?: string | null;
              /** @description Default font for headings: a built-in family name (GET /fonts/built-in), a project font family or a font uuid; null for none. */
              heading?: string | null;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "colors": [
             *         {
             *           "name": "Ink",
             *           "value": "#0f172a"
             *         },
             *         {
             *           "name": "Accent",
             *           "value": "#f59e0be6"
             *         }
             *       ],
             *       "fonts": {
             *         "heading": "Montserrat",
             *         "body": "Inter"
             *       },
             *       "updated_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              colors: {
                name: string | null;
                /** @description Normal form: #rrggbb or #rrggbbaa. */
                value: string;
              }[];
              fonts: {
                body: string | null;
                heading: string | null;
              };
              /**
               * Format: date-time
               * @description Last change; null when the project never saved a kit.
               */
              updated_at: string | null;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/collections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List collections
     * @description Without per_page and cursor: every collection as { data: [...] }. With either: the pagination envelope (oldest first).
     */
    get: {
      parameters: {
        query?: {
          /** @description From links.next or links.prev. */
          cursor?: string;
          /** @description Items per page (1–100; default 20 when only cursor is given). */
          per_page?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": "col_5e1a",
             *           "title": "Social media",
             *           "custom_data": null,
             *           "template_uuids": [
             *             "tpl_8f2c1e0d9a"
             *           ]
             *         }
             *       ],
             *       "links": {
             *         "first": null,
             *         "last": null,
             *         "prev": null,
             *         "next": null
             *       },
             *       "meta": {
             *         "per_page": 20
             *       }
             *     }
             */
            'application/json':
              | {
                  data?: {
                    custom_data?:
                      | string
                      | {
                          [key: string]: unknown;
                        }
                      | null;
                    id?: string;
                    template_uuids?: string[];
                    title?: string;
                  }[];
                  links?: {
                    first?: null;
                    last?: null;
                    next?: string | null;
                    prev?: string | null;
                  };
                  meta?: {
                    next_cursor?: string | null;
                    path?: string;
                    per_page?: number;
                    prev_cursor?: string | null;
                  };
                }
              | {
                  data?: {
                    custom_data?:
                      | string
                      | {
                          [key: string]: unknown;
                        }
                      | null;
                    id?: string;
                    template_uuids?: string[];
                    title?: string;
                  }[];
                };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /** Create a collection */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "title": "Social media",
           *       "template_uuids": [
           *         "tpl_8f2c1e0d9a"
           *       ]
           *     }
           */
          'application/json': {
            /** @description A string or an object, or null; at most 1024 characters (an object as serialized JSON). */
            custom_data?: string | Record<string, unknown> | null;
            /** @description Templates of the project to attach (at most 500). */
            template_uuids?: string[];
            /** @description Collection title (1–255 characters). */
            title: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": "col_5e1a",
             *       "title": "Social media",
             *       "custom_data": null,
             *       "template_uuids": [
             *         "tpl_8f2c1e0d9a"
             *       ]
             *     }
             */
            'application/json': {
              custom_data?:
                | string
                | {
                    [key: string]: unknown;
                  }
                | null;
              id?: string;
              template_uuids?: string[];
              title?: string;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/collections/{collection_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a collection */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          collection_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": "col_5e1a",
             *       "title": "Social media",
             *       "custom_data": null,
             *       "template_uuids": [
             *         "tpl_8f2c1e0d9a"
             *       ]
             *     }
             */
            'application/json': {
              custom_data?:
                | string
                | {
                    [key: string]: unknown;
                  }
                | null;
              id?: string;
              template_uuids?: string[];
              title?: string;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a collection
     * @description Its templates are kept.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          collection_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Collection deleted"
             *     }
             */
            'application/json': {
              message?: string;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Update a collection
     * @description template_uuids replaces the list; then add_template_uuids are appended and remove_template_uuids removed. The result may hold at most 500 templates.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          collection_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "add_template_uuids": [
           *         "tpl_0a4b7c"
           *       ]
           *     }
           */
          'application/json': {
            /** @description Templates to attach. */
            add_template_uuids?: string[];
            /** @description A string or an object, or null; at most 1024 characters (an object as serialized JSON). */
            custom_data?: string | Record<string, unknown> | null;
            /** @description Templates to detach. */
            remove_template_uuids?: string[];
            /** @description The complete new list of attached templates. */
            template_uuids?: string[];
            /** @description Collection title (1–255 characters). */
            title?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": "col_5e1a",
             *       "title": "Social media",
             *       "custom_data": null,
             *       "template_uuids": [
             *         "tpl_8f2c1e0d9a",
             *         "tpl_0a4b7c"
             *       ]
             *     }
             */
            'application/json': {
              custom_data?:
                | string
                | {
                    [key: string]: unknown;
                  }
                | null;
              id?: string;
              template_uuids?: string[];
              title?: string;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/rest/fonts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List fonts
     * @description Fonts of the project, newest first, 20 per page (cursor pagination: follow links.next).
     */
    get: {
      parameters: {
        query?: {
          /** @description Opaque cursor from links.next / links.prev. */
          cursor?: string;
          /** @description Also include the legacy account-wide fonts (default false). Truthy: 1, true, yes, on; falsy: 0, false, no, off (any case). */
          include_legacy?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "uuid": "fnt_2b7d91c4",
             *           "title": "Inter Bold",
             *           "filename": "Inter-Bold.ttf",
             *           "created_at": "2026-01-15T09:30:00.000Z"
             *         }
             *       ],
             *       "links": {
             *         "first": null,
             *         "last": null,
             *         "prev": null,
             *         "next": null
             *       },
             *       "meta": {
             *         "path": "/api/rest/fonts",
             *         "per_page": 50
             *       }
             *     }
             */
            'application/json': {
              data?: {
                /** Format: date-time */
                created_at?: string;
                /** @description Family read from the file (typographic family first). Fonts of one family group together: a text layer’s font may name the family and pick a face with font_weight and font_style. */
                family?: string;
                /** @description Name of the uploaded file. */
                filename?: string;
                /** @description Only with include_legacy: true for an account-wide legacy font, false for a project font. */
                is_legacy?: boolean;
                /**
                 * @description Slant read from the file.
                 * @enum {string}
                 */
                style?: 'normal' | 'italic' | 'oblique';
                title?: string;
                /** @description Font code: put it in a text layer’s font / fontFamily. */
                uuid?: string;
                /** @description Weight class read from the file (400 regular, 700 bold). */
                weight?: number;
              }[];
              links?: {
                first?: null;
                last?: null;
                next?: string | null;
                prev?: string | null;
              };
              meta?: {
                next_cursor?: string | null;
                path?: string;
                per_page?: number;
                prev_cursor?: string | null;
              };
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Upload a font
     * @description multipart/form-data with file (required; ttf, otf, woff, woff2; checked by content, not by name), title (optional, ≤200 characters, defaults to the filename) and terms_accepted (required: 1, true, yes or on). Too large a file: 413.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "file": "Inter-Bold.ttf (file bytes)",
           *       "title": "Inter Bold",
           *       "terms_accepted": "true"
           *     }
           */
          'multipart/form-data': {
            file?: string;
            /** @enum {string} */
            terms_accepted?: '1' | 'true' | 'yes' | 'on';
            title?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "uuid": "fnt_2b7d91c4",
             *       "title": "Inter Bold",
             *       "filename": "Inter-Bold.ttf",
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              /** @description Family read from the file (typographic family first). Fonts of one family group together: a text layer’s font may name the family and pick a face with font_weight and font_style. */
              family?: string;
              /** @description Name of the uploaded file. */
              filename?: string;
              /** @description Only with include_legacy: true for an account-wide legacy font, false for a project font. */
              is_legacy?: boolean;
              /**
               * @description Slant read from the file.
               * @enum {string}
               */
              style?: 'normal' | 'italic' | 'oblique';
              title?: string;
              /** @description Font code: put it in a text layer’s font / fontFamily. */
              uuid?: string;
              /** @description Weight class read from the file (400 regular, 700 bold). */
              weight?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/fonts/{uuid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a font
     * @description A legacy font is found only with include_legacy. Unknown uuid: 404.
     */
    get: {
      parameters: {
        query?: {
          /** @description Also include the legacy account-wide fonts (default false). Truthy: 1, true, yes, on; falsy: 0, false, no, off (any case). */
          include_legacy?: string;
        };
        header?: never;
        path: {
          /** @description Font uuid. */
          uuid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "uuid": "fnt_2b7d91c4",
             *       "title": "Inter Bold",
             *       "filename": "Inter-Bold.ttf",
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              /** @description Family read from the file (typographic family first). Fonts of one family group together: a text layer’s font may name the family and pick a face with font_weight and font_style. */
              family?: string;
              /** @description Name of the uploaded file. */
              filename?: string;
              /** @description Only with include_legacy: true for an account-wide legacy font, false for a project font. */
              is_legacy?: boolean;
              /**
               * @description Slant read from the file.
               * @enum {string}
               */
              style?: 'normal' | 'italic' | 'oblique';
              title?: string;
              /** @description Font code: put it in a text layer’s font / fontFamily. */
              uuid?: string;
              /** @description Weight class read from the file (400 regular, 700 bold). */
              weight?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a font
     * @description Permanent. A font still used by templates answers 409 with templates_using_font unless force is truthy; forced, those templates render with the default font.
     */
    delete: {
      parameters: {
        query?: {
          /** @description Delete even when templates use the font (default false). Truthy: 1, true, yes, on; falsy: 0, false, no, off (any case). */
          force?: string;
        };
        header?: never;
        path: {
          /** @description Font uuid. */
          uuid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Font deleted"
             *     }
             */
            'application/json': {
              message?: string;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a font's title
     * @description Only the title can change; the file cannot be replaced.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description Font uuid. */
          uuid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "title": "Inter Bold (headlines)"
           *     }
           */
          'application/json': {
            /** @description New title (1–200 characters). */
            title: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "uuid": "fnt_2b7d91c4",
             *       "title": "Inter Bold (headlines)",
             *       "filename": "Inter-Bold.ttf",
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              /** @description Family read from the file (typographic family first). Fonts of one family group together: a text layer’s font may name the family and pick a face with font_weight and font_style. */
              family?: string;
              /** @description Name of the uploaded file. */
              filename?: string;
              /** @description Only with include_legacy: true for an account-wide legacy font, false for a project font. */
              is_legacy?: boolean;
              /**
               * @description Slant read from the file.
               * @enum {string}
               */
              style?: 'normal' | 'italic' | 'oblique';
              title?: string;
              /** @description Font code: put it in a text layer’s font / fontFamily. */
              uuid?: string;
              /** @description Weight class read from the file (400 regular, 700 bold). */
              weight?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/rest/fonts/{uuid}/file': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a font's file
     * @description The uploaded font file, byte for byte, with its media type (font/ttf, font/otf, font/woff or font/woff2). Finds the project’s own fonts and its account’s legacy fonts (the fonts its renders may use); anything else is a 404. The template editor uses it to show each font in its own face.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description Font uuid. */
          uuid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The font file. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'font/otf': string;
            'font/ttf': string;
            'font/woff': string;
            'font/woff2': string;
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/fonts/built-in': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List built-in font families
     * @description Families every project may use by name in a text layer’s font, with no upload: the font library (Inter, Roboto, Montserrat, …) and the bundled DejaVu and script fallbacks. Not paginated. A project font family of the same name as a library family wins for that project.
     */
    get: {
      parameters: {
        query?: {
          /** @description Only families whose name contains this text (any case). */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "family": "Montserrat",
             *           "kind": "library",
             *           "category": "sans-serif",
             *           "weights": [
             *             100,
             *             200,
             *             300,
             *             400,
             *             500,
             *             600,
             *             700,
             *             800,
             *             900
             *           ],
             *           "styles": [
             *             "italic",
             *             "normal"
             *           ],
             *           "subsets": [
             *             "latin",
             *             "cyrillic",
             *             "cyrillic-ext",
             *             "latin-ext",
             *             "vietnamese"
             *           ],
             *           "license": "OFL-1.1",
             *           "source": "@fontsource/montserrat 5.3.0"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: {
                /** @enum {string} */
                category: 'sans-serif' | 'serif' | 'monospace' | 'display' | 'handwriting';
                /** @description The name to put in a text layer’s font (any case). */
                family: string;
                /**
                 * @description library: a popular family shipped for designs; bundled: the default family (DejaVu) and the fallbacks for other scripts.
                 * @enum {string}
                 */
                kind: 'library' | 'bundled';
                /** @description SPDX id of the licence (OFL-1.1, Apache-2.0, …). */
                license: string;
                /** @description Where the files come from (npm package and version). */
                source: string;
                styles: ('normal' | 'italic' | 'oblique')[];
                /** @description Unicode subsets the family covers (latin, latin-ext, cyrillic, …); empty for bundled families. */
                subsets: string[];
                /** @description Weights with a face of their own (font_weight picks the nearest). */
                weights: number[];
              }[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/fonts/built-in/{family}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a built-in font family
     * @description By name, any case. An unknown name: 404.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description Family name, e.g. Montserrat. */
          family: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "family": "Montserrat",
             *       "kind": "library",
             *       "category": "sans-serif",
             *       "weights": [
             *         100,
             *         200,
             *         300,
             *         400,
             *         500,
             *         600,
             *         700,
             *         800,
             *         900
             *       ],
             *       "styles": [
             *         "italic",
             *         "normal"
             *       ],
             *       "subsets": [
             *         "latin",
             *         "cyrillic",
             *         "cyrillic-ext",
             *         "latin-ext",
             *         "vietnamese"
             *       ],
             *       "license": "OFL-1.1",
             *       "source": "@fontsource/montserrat 5.3.0"
             *     }
             */
            'application/json': {
              /** @enum {string} */
              category: 'sans-serif' | 'serif' | 'monospace' | 'display' | 'handwriting';
              /** @description The name to put in a text layer’s font (any case). */
              family: string;
              /**
               * @description library: a popular family shipped for designs; bundled: the default family (DejaVu) and the fallbacks for other scripts.
               * @enum {string}
               */
              kind: 'library' | 'bundled';
              /** @description SPDX id of the licence (OFL-1.1, Apache-2.0, …). */
              license: string;
              /** @description Where the files come from (npm package and version). */
              source: string;
              styles: ('normal' | 'italic' | 'oblique')[];
              /** @description Unicode subsets the family covers (latin, latin-ext, cyrillic, …); empty for bundled families. */
              subsets: string[];
              /** @description Weights with a face of their own (font_weight picks the nearest). */
              weights: number[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/images': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List images
     * @description The project's images, newest first (by created_at, then id), cursor-paginated (20 per page by default). All filters combine. Deleted ones are never listed.
     */
    get: {
      parameters: {
        query?: {
          /** @description Only those created at or after this time: an ISO 8601 date or date-time (UTC when it has no offset, e.g. 2026-11-27 or 2026-11-27T14:30:00+01:00) or Unix seconds. */
          created_after?: string;
          /** @description Only those created before this time (exclusive): an ISO 8601 date or date-time (UTC when it has no offset, e.g. 2026-11-27 or 2026-11-27T14:30:00+01:00) or Unix seconds. */
          created_before?: string;
          /** @description From links.next or links.prev. */
          cursor?: string;
          /** @description Exact match: a string passthrough as itself; an array or object passthrough as its JSON text (e.g. {"batch":7}). */
          passthrough?: string;
          /** @description Items per page (default 20, at most 100). */
          per_page?: number;
          /** @description Only this status. */
          status?: 'queued' | 'finished' | 'error';
          /** @description Only those rendered from this template. */
          template_uuid?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 42,
             *           "status": "finished",
             *           "image_url": "https://imprint.example.com/files/images/42-3f9a7c.png",
             *           "polling_url": "https://imprint.example.com/api/rest/images/42",
             *           "template_uuid": "tpl_8f2c1e0d9a",
             *           "template_version": 3,
             *           "passthrough": "order-1234",
             *           "errors": [],
             *           "error": null,
             *           "created_at": "2026-01-15T09:30:00.000Z"
             *         }
             *       ],
             *       "links": {
             *         "first": null,
             *         "last": null,
             *         "prev": null,
             *         "next": "https://imprint.example.com/api/rest/images?status=finished&cursor=WyJuIiwiMjAyNi0wMS0xNVQwOTozMDowMC4wMDBaIiw0Ml0"
             *       },
             *       "meta": {
             *         "path": "https://imprint.example.com/api/rest/images",
             *         "per_page": 20,
             *         "next_cursor": "WyJuIiwiMjAyNi0wMS0xNVQwOTozMDowMC4wMDBaIiw0Ml0",
             *         "prev_cursor": null
             *       }
             *     }
             */
            'application/json': {
              data?: {
                created_at?: string;
                /** @description The errors joined; null unless status is error. */
                error?: string | null;
                errors?: string[];
                /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
                file_expired?: boolean;
                id?: number;
                image_url?: string | null;
                passthrough?: unknown;
                polling_url?: string;
                /** @enum {string} */
                status?: 'queued' | 'finished' | 'error';
                template_uuid?: string;
                /** @description The template version rendered (docs/template-versions.md); null for images made before versions. */
                template_version?: number | null;
                /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
                warnings?: string[];
              }[];
              links?: {
                first?: null;
                last?: null;
                next?: string | null;
                prev?: string | null;
              };
              meta?: {
                next_cursor?: string | null;
                path?: string;
                per_page?: number;
                prev_cursor?: string | null;
              };
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /** Create an image */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional. 1–255 printable ASCII characters naming this creation, e.g. a random UUID. A retry with the same key and the same body within 24 hours answers the object the first request created (header `Idempotent-Replayed: true`) and charges once; the same key with another body is a 422 (docs/api.md#idempotent-requests). */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "template_uuid": "tpl_8f2c1e0d9a",
           *       "layers": {
           *         "title": {
           *           "text": "Summer sale",
           *           "font_size": "72",
           *           "text_color": "#dc2626"
           *         },
           *         "photo": {
           *           "image": "https://images.example.com/beach.jpg",
           *           "object_fit": "contain"
           *         },
           *         "badge": {
           *           "hide": "true"
           *         }
           *       },
           *       "modifications": {
           *         "width": 1080,
           *         "height": 1080,
           *         "image_format": "png"
           *       },
           *       "webhook_success": "https://hooks.example.com/imprint",
           *       "passthrough": "order-1234"
           *     }
           */
          'application/json': {
            /** @description Render inside the request and answer with the finished object. */
            create_now?: boolean | null;
            /** @description Accepted and ignored (shown empty in the reference). */
            errors?: unknown[] | null;
            layers?: components['schemas']['LayerValues'];
            modifications?: {
              /** @enum {unknown} */
              color_mode?: 'rgb' | 'cmyk' | null;
              /** @enum {unknown} */
              dpi?: 72 | 150 | 300 | '72' | '150' | '300' | null;
              filename?: string | null;
              height?: number | null;
              /** @enum {unknown} */
              image_format?: 'auto' | 'jpg' | 'png' | 'webp' | null;
              /**
               * @description Extension, PNG only: fast (default; zlib 3, no filtering), balanced (zlib 6, adaptive filtering: ~17% smaller, ~4.5× the encode time), small (zlib 9, adaptive filtering: ~21% smaller, ~14× the encode time).
               * @enum {unknown}
               */
              png_compression?: 'fast' | 'balanced' | 'small' | null;
              width?: number | null;
            } | null;
            /** @description String, array or object (≤1024 characters as serialised), echoed back as given. */
            passthrough?: string | unknown[] | Record<string, unknown> | null;
            template_uuid: string;
            /** @description The template version to render; default: the template's published_version, else its latest version (docs/template-versions.md). */
            template_version?: number | null;
            /** @description Copy the file to your S3-compatible bucket (credentials are never stored). */
            transfer?: Record<string, unknown> | null;
            /** @description Extension: POSTed the object when it ends in error. Addresses as for webhook_success. */
            webhook_error?: string | null;
            /** @description POSTed the finished object (signed, retried). A loopback or private address is a 422 unless the server sets IMPRINT_ALLOW_PRIVATE_URLS=1. */
            webhook_success?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 42,
             *       "status": "finished",
             *       "image_url": "https://imprint.example.com/files/images/42-3f9a7c.png",
             *       "polling_url": "https://imprint.example.com/api/rest/images/42",
             *       "template_uuid": "tpl_8f2c1e0d9a",
             *       "template_version": 3,
             *       "passthrough": "order-1234",
             *       "errors": [],
             *       "error": null,
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              created_at?: string;
              /** @description The errors joined; null unless status is error. */
              error?: string | null;
              errors?: string[];
              /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
              file_expired?: boolean;
              id?: number;
              image_url?: string | null;
              passthrough?: unknown;
              polling_url?: string;
              /** @enum {string} */
              status?: 'queued' | 'finished' | 'error';
              template_uuid?: string;
              /** @description The template version rendered (docs/template-versions.md); null for images made before versions. */
              template_version?: number | null;
              /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
              warnings?: string[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/images/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve an image */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 42,
             *       "status": "finished",
             *       "image_url": "https://imprint.example.com/files/images/42-3f9a7c.png",
             *       "polling_url": "https://imprint.example.com/api/rest/images/42",
             *       "template_uuid": "tpl_8f2c1e0d9a",
             *       "template_version": 3,
             *       "passthrough": "order-1234",
             *       "errors": [],
             *       "error": null,
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              created_at?: string;
              /** @description The errors joined; null unless status is error. */
              error?: string | null;
              errors?: string[];
              /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
              file_expired?: boolean;
              id?: number;
              image_url?: string | null;
              passthrough?: unknown;
              polling_url?: string;
              /** @enum {string} */
              status?: 'queued' | 'finished' | 'error';
              template_uuid?: string;
              /** @description The template version rendered (docs/template-versions.md); null for images made before versions. */
              template_version?: number | null;
              /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
              warnings?: string[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete an image and its file */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted: no content. Unknown or already deleted ids answer 404. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/images/{id}/webhook-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the webhook deliveries of an image (extension) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": "whd_91c2",
             *           "event": "image.finished",
             *           "url": "https://hooks.example.com/imprint",
             *           "status": "succeeded",
             *           "attempts": 1,
             *           "max_attempts": 8,
             *           "last_status_code": 200,
             *           "last_error": null,
             *           "last_attempt_at": "2026-01-15T09:30:00.000Z",
             *           "next_attempt_at": null,
             *           "delivered_at": "2026-01-15T09:30:00.000Z",
             *           "created_at": "2026-01-15T09:30:00.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data?: {
                attempts?: number;
                created_at?: string;
                delivered_at?: string | null;
                /** @enum {string} */
                event?:
                  | 'image.finished'
                  | 'image.error'
                  | 'pdf.finished'
                  | 'pdf.error'
                  | 'video.finished'
                  | 'video.error';
                id?: string;
                last_attempt_at?: string | null;
                last_error?: string | null;
                last_status_code?: number | null;
                max_attempts?: number;
                next_attempt_at?: string | null;
                /** @enum {string} */
                status?: 'pending' | 'succeeded' | 'failed';
                url?: string;
              }[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/media': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Upload files (JPEG, PNG, WebP, GIF, SVG) to use by URL in layers */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          /**
           * @example {
           *       "files": "beach.jpg (file bytes)"
           *     }
           */
          'multipart/form-data': {
            [key: string]: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "media": [
             *         {
             *           "file_key": "files",
             *           "file_id": "https://imprint.example.com/files/media/3f9a7c-beach.jpg"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              media?: {
                file_id?: string;
                file_key?: string;
              }[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/pdfs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List PDFs
     * @description The project's PDFs, newest first (by created_at, then id), cursor-paginated (20 per page by default). All filters combine. Deleted ones are never listed.
     */
    get: {
      parameters: {
        query?: {
          /** @description Only those created at or after this time: an ISO 8601 date or date-time (UTC when it has no offset, e.g. 2026-11-27 or 2026-11-27T14:30:00+01:00) or Unix seconds. */
          created_after?: string;
          /** @description Only those created before this time (exclusive): an ISO 8601 date or date-time (UTC when it has no offset, e.g. 2026-11-27 or 2026-11-27T14:30:00+01:00) or Unix seconds. */
          created_before?: string;
          /** @description From links.next or links.prev. */
          cursor?: string;
          /** @description Exact match: a string passthrough as itself; an array or object passthrough as its JSON text (e.g. {"batch":7}). */
          passthrough?: string;
          /** @description Items per page (default 20, at most 100). */
          per_page?: number;
          /** @description Only this status. */
          status?: 'queued' | 'finished' | 'error';
          /** @description Only PDFs with a page rendered from this template (merges have none). */
          template_uuid?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 7,
             *           "status": "queued",
             *           "pdf_url": null,
             *           "polling_url": "https://imprint.example.com/api/rest/pdfs/7",
             *           "template_versions": [
             *             3
             *           ],
             *           "passthrough": null,
             *           "errors": [],
             *           "error": null,
             *           "created_at": "2026-01-15T09:30:00.000Z"
             *         }
             *       ],
             *       "links": {
             *         "first": null,
             *         "last": null,
             *         "prev": null,
             *         "next": null
             *       },
             *       "meta": {
             *         "path": "https://imprint.example.com/api/rest/pdfs",
             *         "per_page": 20,
             *         "next_cursor": null,
             *         "prev_cursor": null
             *       }
             *     }
             */
            'application/json': {
              data?: {
                created_at?: string;
                /** @description The errors joined; null unless status is error. */
                error?: string | null;
                errors?: string[];
                /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
                file_expired?: boolean;
                id?: number;
                passthrough?: unknown;
                pdf_url?: string | null;
                polling_url?: string;
                /** @enum {string} */
                status?: 'queued' | 'finished' | 'error';
                /** @description The template version of each page, in page order (docs/template-versions.md); null for pages made before versions, empty for merged PDFs. */
                template_versions?: (number | null)[];
                /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
                warnings?: string[];
              }[];
              links?: {
                first?: null;
                last?: null;
                next?: string | null;
                prev?: string | null;
              };
              meta?: {
                next_cursor?: string | null;
                path?: string;
                per_page?: number;
                prev_cursor?: string | null;
              };
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /** Create a PDF from templates (one page per template, in order) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional. 1–255 printable ASCII characters naming this creation, e.g. a random UUID. A retry with the same key and the same body within 24 hours answers the object the first request created (header `Idempotent-Replayed: true`) and charges once; the same key with another body is a 422 (docs/api.md#idempotent-requests). */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "pages": [
           *         {
           *           "template_uuid": "tpl_8f2c1e0d9a",
           *           "layers": {
           *             "title": {
           *               "text": "Summer sale",
           *               "font_size": "72",
           *               "text_color": "#dc2626"
           *             },
           *             "photo": {
           *               "image": "https://images.example.com/beach.jpg",
           *               "object_fit": "contain"
           *             },
           *             "badge": {
           *               "hide": "true"
           *             }
           *           }
           *         },
           *         {
           *           "template_uuid": "tpl_0a4b7c"
           *         }
           *       ],
           *       "modifications": {
           *         "filename": "brochure.pdf",
           *         "dpi": 300,
           *         "color_mode": "rgb"
           *       }
           *     }
           */
          'application/json': {
            /** @description Render inside the request and answer with the finished object. */
            create_now?: boolean | null;
            modifications?: {
              /** @description Author in the PDF metadata. */
              author?: string | null;
              /**
               * @description CMYK PDFs: "k" (default) prints pure black (#000000) text and vectors on the K plate only; "rich" keeps the four-ink black the CMYK profile makes of it (docs/print.md#black-and-cmyk-colours).
               * @enum {unknown}
               */
              black?: 'k' | 'rich' | null;
              /** @description CMYK PDFs: true (default) makes K-only black text and strokes up to 2 pt overprint, so the plates below have no text-shaped holes; false knocks them out (docs/print.md#black-overprint). */
              black_overprint?: unknown;
              /** @description Bleed in the design's unit (px, or the design's pt/mm/in): the page grows by it on every side, with TrimBox and BleedBox (docs/print.md#bleed-and-crop-marks). */
              bleed?: unknown;
              /** @enum {unknown} */
              color_mode?: 'rgb' | 'cmyk' | null;
              color_profile?: string | null;
              /** @description true: crop marks outside the bleed (in CMYK PDFs in registration colour, on every plate). Default false. */
              crop_marks?: unknown;
              /** @enum {unknown} */
              dpi?: 96 | 150 | 300 | '96' | '150' | '300' | null;
              filename?: string | null;
              /** @enum {unknown} */
              image_quality?: 'high' | 'medium' | 'low' | null;
              /** @description Language of the text, a BCP 47 tag such as "en" or "de-CH" (the PDF's Lang). */
              lang?: string | null;
              /**
               * @description "x4" makes a PDF/X-4 file: output intent (CMYK profile, or sRGB for RGB PDFs without color_profile), TrimBox on every page, XMP metadata, no link annotations. Default: no standard (docs/print.md#pdfx-4).
               * @enum {unknown}
               */
              pdf_standard?: 'x4' | null;
              /**
               * @description CMYK PDFs: the rendering intent of the RGB → CMYK conversion. "relative" (default) is relative colorimetric with black-point compensation (docs/print.md#rendering-intent).
               * @enum {unknown}
               */
              rendering_intent?: 'perceptual' | 'relative' | 'saturation' | 'absolute' | null;
              /** @description Title in the PDF metadata; default: the title of the first page's template. */
              title?: string | null;
            } | null;
            pages: {
              layers?: components['schemas']['LayerValues'];
              template_uuid: string;
              /** @description The template version to render; default: the template's published_version, else its latest version (docs/template-versions.md). */
              template_version?: number | null;
            }[];
            /** @description String, array or object (≤1024 characters as serialised), echoed back as given. */
            passthrough?: string | unknown[] | Record<string, unknown> | null;
            /** @description Copy the file to your S3-compatible bucket (credentials are never stored). */
            transfer?: Record<string, unknown> | null;
            /** @description Extension: POSTed the object when it ends in error. Addresses as for webhook_success. */
            webhook_error?: string | null;
            /** @description POSTed the finished object (signed, retried). A loopback or private address is a 422 unless the server sets IMPRINT_ALLOW_PRIVATE_URLS=1. */
            webhook_success?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 7,
             *       "status": "queued",
             *       "pdf_url": null,
             *       "polling_url": "https://imprint.example.com/api/rest/pdfs/7",
             *       "template_versions": [
             *         3
             *       ],
             *       "passthrough": null,
             *       "errors": [],
             *       "error": null,
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              created_at?: string;
              /** @description The errors joined; null unless status is error. */
              error?: string | null;
              errors?: string[];
              /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
              file_expired?: boolean;
              id?: number;
              passthrough?: unknown;
              pdf_url?: string | null;
              polling_url?: string;
              /** @enum {string} */
              status?: 'queued' | 'finished' | 'error';
              /** @description The template version of each page, in page order (docs/template-versions.md); null for pages made before versions, empty for merged PDFs. */
              template_versions?: (number | null)[];
              /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
              warnings?: string[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/pdfs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a PDF */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 7,
             *       "status": "finished",
             *       "pdf_url": "https://imprint.example.com/files/pdfs/7-a1b2c3.pdf",
             *       "polling_url": "https://imprint.example.com/api/rest/pdfs/7",
             *       "template_versions": [
             *         3
             *       ],
             *       "passthrough": null,
             *       "errors": [],
             *       "error": null,
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              created_at?: string;
              /** @description The errors joined; null unless status is error. */
              error?: string | null;
              errors?: string[];
              /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
              file_expired?: boolean;
              id?: number;
              passthrough?: unknown;
              pdf_url?: string | null;
              polling_url?: string;
              /** @enum {string} */
              status?: 'queued' | 'finished' | 'error';
              /** @description The template version of each page, in page order (docs/template-versions.md); null for pages made before versions, empty for merged PDFs. */
              template_versions?: (number | null)[];
              /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
              warnings?: string[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a PDF and its file */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted: no content. Unknown or already deleted ids answer 404. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/pdfs/{id}/webhook-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the webhook deliveries of a pdf (extension) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": "whd_91c2",
             *           "event": "pdf.finished",
             *           "url": "https://hooks.example.com/imprint",
             *           "status": "succeeded",
             *           "attempts": 1,
             *           "max_attempts": 8,
             *           "last_status_code": 200,
             *           "last_error": null,
             *           "last_attempt_at": "2026-01-15T09:30:00.000Z",
             *           "next_attempt_at": null,
             *           "delivered_at": "2026-01-15T09:30:00.000Z",
             *           "created_at": "2026-01-15T09:30:00.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data?: {
                attempts?: number;
                created_at?: string;
                delivered_at?: string | null;
                /** @enum {string} */
                event?:
                  | 'image.finished'
                  | 'image.error'
                  | 'pdf.finished'
                  | 'pdf.error'
                  | 'video.finished'
                  | 'video.error';
                id?: string;
                last_attempt_at?: string | null;
                last_error?: string | null;
                last_status_code?: number | null;
                max_attempts?: number;
                next_attempt_at?: string | null;
                /** @enum {string} */
                status?: 'pending' | 'succeeded' | 'failed';
                url?: string;
              }[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/pdfs/merge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Merge existing PDFs from 2–10 URLs, in order */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional. 1–255 printable ASCII characters naming this creation, e.g. a random UUID. A retry with the same key and the same body within 24 hours answers the object the first request created (header `Idempotent-Replayed: true`) and charges once; the same key with another body is a 422 (docs/api.md#idempotent-requests). */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "urls": [
           *         "https://imprint.example.com/files/pdfs/7-a1b2c3.pdf",
           *         "https://docs.example.com/terms.pdf"
           *       ],
           *       "modifications": {
           *         "filename": "offer.pdf"
           *       }
           *     }
           */
          'application/json': {
            /** @description Render inside the request and answer with the finished object. */
            create_now?: boolean | null;
            modifications?: {
              /** @description Author in the PDF metadata. */
              author?: string | null;
              filename?: string | null;
              /** @description Language of the text, a BCP 47 tag such as "en" or "de-CH" (the PDF's Lang). */
              lang?: string | null;
              /**
               * @description "x4": a PDF/X-4 merge. Every file must be a PDF/X file (a GTS_PDFX output intent) for the same ICC profile, such as PDFs made with pdf_standard "x4"; otherwise 422 naming the file (docs/print.md#pdfx-4).
               * @enum {unknown}
               */
              pdf_standard?: 'x4' | null;
              /** @description Title in the PDF metadata; default: the title of the first page's template. */
              title?: string | null;
            } | null;
            /** @description String, array or object (≤1024 characters as serialised), echoed back as given. */
            passthrough?: string | unknown[] | Record<string, unknown> | null;
            /** @description Copy the file to your S3-compatible bucket (credentials are never stored). */
            transfer?: Record<string, unknown> | null;
            urls: string[];
            /** @description Extension: POSTed the object when it ends in error. Addresses as for webhook_success. */
            webhook_error?: string | null;
            /** @description POSTed the finished object (signed, retried). A loopback or private address is a 422 unless the server sets IMPRINT_ALLOW_PRIVATE_URLS=1. */
            webhook_success?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 7,
             *       "status": "queued",
             *       "pdf_url": null,
             *       "polling_url": "https://imprint.example.com/api/rest/pdfs/7",
             *       "template_versions": [
             *         3
             *       ],
             *       "passthrough": null,
             *       "errors": [],
             *       "error": null,
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              created_at?: string;
              /** @description The errors joined; null unless status is error. */
              error?: string | null;
              errors?: string[];
              /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
              file_expired?: boolean;
              id?: number;
              passthrough?: unknown;
              pdf_url?: string | null;
              polling_url?: string;
              /** @enum {string} */
              status?: 'queued' | 'finished' | 'error';
              /** @description The template version of each page, in page order (docs/template-versions.md); null for pages made before versions, empty for merged PDFs. */
              template_versions?: (number | null)[];
              /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
              warnings?: string[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/starter-templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the starter templates
     * @description The designs shipped with Imprint (social card, certificate, event ticket, product card, invoice page, …) that can be copied into the project. No credits are used.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": "social-card",
             *           "title": "Social card",
             *           "width": 1200,
             *           "height": 630,
             *           "tags": [
             *             "social",
             *             "open-graph",
             *             "blog"
             *           ],
             *           "thumbnail": "https://imprint.example.com/api/starter-templates/social-card/thumbnail.png"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: {
                height: number;
                id: string;
                tags: string[];
                /** @description Absolute URL of a PNG of the design (400 px wide at most), served without a token. */
                thumbnail: string;
                title: string;
                width: number;
              }[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/starter-templates/{id}/copy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Copy a starter template into the project
     * @description Creates a template in the token’s project with the starter’s design, size and tags, and answers it with its `design`. `title` defaults to the starter’s title. No credits are used.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The starter template id, e.g. `social-card`. */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "title": "Launch announcement"
           *     }
           */
          'application/json': {
            /** @description Title of the new template (1–255 characters); default: the starter's. */
            title?: string;
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "uuid": "tpl_8f2c1e0d9a",
             *       "title": "Launch announcement",
             *       "thumbnail": null,
             *       "tags": [
             *         "social/instagram"
             *       ],
             *       "layers": [
             *         {
             *           "name": "title",
             *           "type": "text"
             *         },
             *         {
             *           "name": "photo",
             *           "type": "picture"
             *         }
             *       ],
             *       "width": 1080,
             *       "height": 1080,
             *       "custom_data": null,
             *       "version": 3,
             *       "published_version": 2,
             *       "created_at": "2026-01-15T09:30:00.000Z",
             *       "updated_at": "2026-01-15T09:30:00.000Z",
             *       "design": {
             *         "width": 1080,
             *         "height": 1080,
             *         "background": "#ffffff",
             *         "layers": [
             *           {
             *             "name": "photo",
             *             "type": "picture",
             *             "x": 0,
             *             "y": 0,
             *             "width": 1080,
             *             "height": 720,
             *             "image": "https://images.example.com/beach.jpg",
             *             "object_fit": "cover"
             *           },
             *           {
             *             "name": "title",
             *             "type": "text",
             *             "x": 60,
             *             "y": 760,
             *             "width": 960,
             *             "height": 200,
             *             "text": "Summer *sale*",
             *             "font_size": 96,
             *             "font_weight": "bold",
             *             "text_color": "#111827",
             *             "alt_text_color": "#dc2626",
             *             "align": "center",
             *             "vertical_align": "middle",
             *             "auto_fit": true
             *           },
             *           {
             *             "name": "badge",
             *             "type": "shape",
             *             "x": 880,
             *             "y": 40,
             *             "width": 160,
             *             "height": 160,
             *             "shape": "ellipse",
             *             "background_color": "#fbbf24"
             *           }
             *         ]
             *       }
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              custom_data?: unknown;
              design?: {
                background?: string | null;
                /** @description PDF bleed in the design's unit when the request sets no `modifications.bleed` (docs/print.md): at most one inch; default 0. */
                bleed?: number;
                /** @description Images of a pt, mm or in design: pixels per inch when the request sets no dpi (default 150). */
                dpi?: number;
                /** @description Ruler guides of the editor, in the design unit: `{"vertical": [x…], "horizontal": [y…]}`. Not drawn in outputs; null or absent for none. */
                guides?: {
                  /** @description y positions of horizontal guides, in the design unit. */
                  horizontal?: number[];
                  /** @description x positions of vertical guides, in the design unit. */
                  vertical?: number[];
                } | null;
                /** @description Canvas height, as width. */
                height?: number;
                layers?: ({
                  /** @description Whether requests may change the layer (default true). Values sent for a static layer (false) are ignored with a warning, and it is not listed in the template object. */
                  dynamic?: boolean;
                } & {
                  [key: string]: unknown;
                })[];
                /**
                 * @description Unit of every length of the design (canvas, layer geometry, font sizes, borders); default px. A pt, mm or in design prints at its physical size (docs/print.md).
                 * @enum {string}
                 */
                unit?: 'px' | 'pt' | 'mm' | 'in';
                /** @description Canvas width: whole px, or any size in pt, mm or in. */
                width?: number;
              } & {
                [key: string]: unknown;
              };
              height?: number;
              /** @description The dynamic layers (those a request may change): layers saved with `dynamic: false` are not listed. */
              layers?: {
                name?: string;
                type?: string;
              }[];
              /** @description The version renders use when a request names no template_version; null: the latest. */
              published_version?: number | null;
              tags?: string[];
              /** @description Absolute URL of a small picture (400 px wide, PNG or JPEG) of the current design; null while it is being rendered after a save (or when it could not be rendered). */
              thumbnail?: string | null;
              title?: string;
              /** Format: date-time */
              updated_at?: string;
              uuid?: string;
              /** @description Number of the latest version (docs/template-versions.md). */
              version?: number;
              width?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List templates
     * @description Cursor-paginated (20 per page by default), newest first unless order_by says otherwise. All filters combine.
     */
    get: {
      parameters: {
        query?: {
          /** @description Only templates in this collection. */
          collection_id?: string;
          /** @description From links.next or links.prev. */
          cursor?: string;
          /** @description <created_at|updated_at|title>-<asc|desc>; default created_at-desc. */
          order_by?:
            | 'created_at-asc'
            | 'created_at-desc'
            | 'updated_at-asc'
            | 'updated_at-desc'
            | 'title-asc'
            | 'title-desc';
          /** @description Items per page (default 20). */
          per_page?: number;
          /** @description A tag: "parent" also matches "parent/child…"; a nested tag "parent/child" matches exactly. */
          tag?: string;
          /** @description Case-insensitive substring of the title. */
          title_filter?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "uuid": "tpl_8f2c1e0d9a",
             *           "title": "Instagram post",
             *           "thumbnail": null,
             *           "tags": [
             *             "social/instagram"
             *           ],
             *           "layers": [
             *             {
             *               "name": "title",
             *               "type": "text"
             *             },
             *             {
             *               "name": "photo",
             *               "type": "picture"
             *             }
             *           ],
             *           "width": 1080,
             *           "height": 1080,
             *           "custom_data": null,
             *           "version": 3,
             *           "published_version": 2,
             *           "created_at": "2026-01-15T09:30:00.000Z",
             *           "updated_at": "2026-01-15T09:30:00.000Z"
             *         }
             *       ],
             *       "links": {
             *         "first": null,
             *         "last": null,
             *         "prev": null,
             *         "next": null
             *       },
             *       "meta": {
             *         "per_page": 20
             *       }
             *     }
             */
            'application/json': {
              data?: {
                /** Format: date-time */
                created_at?: string;
                custom_data?: unknown;
                height?: number;
                /** @description The dynamic layers (those a request may change): layers saved with `dynamic: false` are not listed. */
                layers?: {
                  name?: string;
                  type?: string;
                }[];
                /** @description The version renders use when a request names no template_version; null: the latest. */
                published_version?: number | null;
                tags?: string[];
                /** @description Absolute URL of a small picture (400 px wide, PNG or JPEG) of the current design; null while it is being rendered after a save (or when it could not be rendered). */
                thumbnail?: string | null;
                title?: string;
                /** Format: date-time */
                updated_at?: string;
                uuid?: string;
                /** @description Number of the latest version (docs/template-versions.md). */
                version?: number;
                width?: number;
              }[];
              links?: {
                first?: null;
                last?: null;
                next?: string | null;
                prev?: string | null;
              };
              meta?: {
                next_cursor?: string | null;
                path?: string;
                per_page?: number;
                prev_cursor?: string | null;
              };
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a template
     * @description title, width and height are required unless from_template is given; from_template copies the source design, title, width and height.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "title": "Instagram post",
           *       "width": 1080,
           *       "height": 1080,
           *       "tags": [
           *         "social/instagram"
           *       ]
           *     }
           */
          'application/json': {
            /** @description Collection ids of the project the new template joins. */
            add_to_collections?: string[];
            /** @description Any JSON value or null; at most 255 characters (a string as itself, anything else as serialized JSON). */
            custom_data?: unknown;
            /** @description uuid of a template of the project to duplicate. */
            from_template?: string;
            /** @description Canvas height in px (1–16000). */
            height?: number;
            /** @description Up to 10 tags of at most 100 characters; nest with "/" (e.g. "social/instagram"). */
            tags?: string[];
            /** @description Template title (1–255 characters). */
            title?: string;
            /** @description Canvas width in px (1–16000). */
            width?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "uuid": "tpl_8f2c1e0d9a",
             *       "title": "Instagram post",
             *       "thumbnail": null,
             *       "tags": [
             *         "social/instagram"
             *       ],
             *       "layers": [
             *         {
             *           "name": "title",
             *           "type": "text"
             *         },
             *         {
             *           "name": "photo",
             *           "type": "picture"
             *         }
             *       ],
             *       "width": 1080,
             *       "height": 1080,
             *       "custom_data": null,
             *       "version": 3,
             *       "published_version": 2,
             *       "created_at": "2026-01-15T09:30:00.000Z",
             *       "updated_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              custom_data?: unknown;
              height?: number;
              /** @description The dynamic layers (those a request may change): layers saved with `dynamic: false` are not listed. */
              layers?: {
                name?: string;
                type?: string;
              }[];
              /** @description The version renders use when a request names no template_version; null: the latest. */
              published_version?: number | null;
              tags?: string[];
              /** @description Absolute URL of a small picture (400 px wide, PNG or JPEG) of the current design; null while it is being rendered after a save (or when it could not be rendered). */
              thumbnail?: string | null;
              title?: string;
              /** Format: date-time */
              updated_at?: string;
              uuid?: string;
              /** @description Number of the latest version (docs/template-versions.md). */
              version?: number;
              width?: number;
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              custom_data?: unknown;
              height?: number;
              /** @description The dynamic layers (those a request may change): layers saved with `dynamic: false` are not listed. */
              layers?: {
                name?: string;
                type?: string;
              }[];
              /** @description The version renders use when a request names no template_version; null: the latest. */
              published_version?: number | null;
              tags?: string[];
              /** @description Absolute URL of a small picture (400 px wide, PNG or JPEG) of the current design; null while it is being rendered after a save (or when it could not be rendered). */
              thumbnail?: string | null;
              title?: string;
              /** Format: date-time */
              updated_at?: string;
              uuid?: string;
              /** @description Number of the latest version (docs/template-versions.md). */
              version?: number;
              width?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/templates/{template_uuid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a template */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "uuid": "tpl_8f2c1e0d9a",
             *       "title": "Instagram post",
             *       "thumbnail": null,
             *       "tags": [
             *         "social/instagram"
             *       ],
             *       "layers": [
             *         {
             *           "name": "title",
             *           "type": "text"
             *         },
             *         {
             *           "name": "photo",
             *           "type": "picture"
             *         }
             *       ],
             *       "width": 1080,
             *       "height": 1080,
             *       "custom_data": null,
             *       "version": 3,
             *       "published_version": 2,
             *       "created_at": "2026-01-15T09:30:00.000Z",
             *       "updated_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              custom_data?: unknown;
              height?: number;
              /** @description The dynamic layers (those a request may change): layers saved with `dynamic: false` are not listed. */
              layers?: {
                name?: string;
                type?: string;
              }[];
              /** @description The version renders use when a request names no template_version; null: the latest. */
              published_version?: number | null;
              tags?: string[];
              /** @description Absolute URL of a small picture (400 px wide, PNG or JPEG) of the current design; null while it is being rendered after a save (or when it could not be rendered). */
              thumbnail?: string | null;
              title?: string;
              /** Format: date-time */
              updated_at?: string;
              uuid?: string;
              /** @description Number of the latest version (docs/template-versions.md). */
              version?: number;
              width?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a template
     * @description The template also leaves every collection it was in.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template deleted"
             *     }
             */
            'application/json': {
              message?: string;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Update a template */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "title": "Instagram post (summer)",
           *       "tags": [
           *         "social/instagram",
           *         "summer"
           *       ]
           *     }
           */
          'application/json': {
            /** @description Any JSON value or null; at most 255 characters (a string as itself, anything else as serialized JSON). */
            custom_data?: unknown;
            /** @description Publishes this version (one the template has): renders without template_version use it. null: renders use the latest version (docs/template-versions.md). */
            published_version?: number | null;
            /** @description Up to 10 tags of at most 100 characters; nest with "/" (e.g. "social/instagram"). */
            tags?: string[];
            /** @description Template title (1–255 characters). */
            title?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "uuid": "tpl_8f2c1e0d9a",
             *       "title": "Instagram post (summer)",
             *       "thumbnail": null,
             *       "tags": [
             *         "social/instagram"
             *       ],
             *       "layers": [
             *         {
             *           "name": "title",
             *           "type": "text"
             *         },
             *         {
             *           "name": "photo",
             *           "type": "picture"
             *         }
             *       ],
             *       "width": 1080,
             *       "height": 1080,
             *       "custom_data": null,
             *       "version": 3,
             *       "published_version": 2,
             *       "created_at": "2026-01-15T09:30:00.000Z",
             *       "updated_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              custom_data?: unknown;
              height?: number;
              /** @description The dynamic layers (those a request may change): layers saved with `dynamic: false` are not listed. */
              layers?: {
                name?: string;
                type?: string;
              }[];
              /** @description The version renders use when a request names no template_version; null: the latest. */
              published_version?: number | null;
              tags?: string[];
              /** @description Absolute URL of a small picture (400 px wide, PNG or JPEG) of the current design; null while it is being rendered after a save (or when it could not be rendered). */
              thumbnail?: string | null;
              title?: string;
              /** Format: date-time */
              updated_at?: string;
              uuid?: string;
              /** @description Number of the latest version (docs/template-versions.md). */
              version?: number;
              width?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/rest/templates/{template_uuid}/design': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a template's design */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description The design revision as a strong ETag, e.g. `"3"`; it goes up by one with each save. Send it back as If-Match when saving. */
            etag?: string;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "width": 1080,
             *       "height": 1080,
             *       "background": "#ffffff",
             *       "layers": [
             *         {
             *           "name": "photo",
             *           "type": "picture",
             *           "x": 0,
             *           "y": 0,
             *           "width": 1080,
             *           "height": 720,
             *           "image": "https://images.example.com/beach.jpg",
             *           "object_fit": "cover"
             *         },
             *         {
             *           "name": "title",
             *           "type": "text",
             *           "x": 60,
             *           "y": 760,
             *           "width": 960,
             *           "height": 200,
             *           "text": "Summer *sale*",
             *           "font_size": 96,
             *           "font_weight": "bold",
             *           "text_color": "#111827",
             *           "alt_text_color": "#dc2626",
             *           "align": "center",
             *           "vertical_align": "middle",
             *           "auto_fit": true
             *         },
             *         {
             *           "name": "badge",
             *           "type": "shape",
             *           "x": 880,
             *           "y": 40,
             *           "width": 160,
             *           "height": 160,
             *           "shape": "ellipse",
             *           "background_color": "#fbbf24"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              background?: string | null;
              /** @description PDF bleed in the design's unit when the request sets no `modifications.bleed` (docs/print.md): at most one inch; default 0. */
              bleed?: number;
              /** @description Images of a pt, mm or in design: pixels per inch when the request sets no dpi (default 150). */
              dpi?: number;
              /** @description Ruler guides of the editor, in the design unit: `{"vertical": [x…], "horizontal": [y…]}`. Not drawn in outputs; null or absent for none. */
              guides?: {
                /** @description y positions of horizontal guides, in the design unit. */
                horizontal?: number[];
                /** @description x positions of vertical guides, in the design unit. */
                vertical?: number[];
              } | null;
              /** @description Canvas height, as width. */
              height?: number;
              layers?: components['schemas']['Layer'][];
              /**
               * @description Unit of every length of the design (canvas, layer geometry, font sizes, borders); default px. A pt, mm or in design prints at its physical size (docs/print.md).
               * @enum {string}
               */
              unit?: 'px' | 'pt' | 'mm' | 'in';
              /** @description Canvas width: whole px, or any size in pt, mm or in. */
              width?: number;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /**
     * Replace a template's design
     * @description Validated against the layer registry (422 with the JSON path of every problem); the design width and height become the template canvas size. Optimistic concurrency: send `If-Match` with the ETag of the design you edited; when the design was saved since, the answer is 409 and nothing is saved. Without If-Match (or with `*`) the save always applies. Each save raises the revision and renders a new `thumbnail` in the background.
     */
    put: {
      parameters: {
        query?: never;
        header?: {
          /** @description The ETag of the revision this save is based on, e.g. `"3"`, or `*`. */
          'if-match'?: string;
        };
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "width": 1080,
           *       "height": 1080,
           *       "background": "#ffffff",
           *       "layers": [
           *         {
           *           "name": "photo",
           *           "type": "picture",
           *           "x": 0,
           *           "y": 0,
           *           "width": 1080,
           *           "height": 720,
           *           "image": "https://images.example.com/beach.jpg",
           *           "object_fit": "cover"
           *         },
           *         {
           *           "name": "title",
           *           "type": "text",
           *           "x": 60,
           *           "y": 760,
           *           "width": 960,
           *           "height": 200,
           *           "text": "Summer *sale*",
           *           "font_size": 96,
           *           "font_weight": "bold",
           *           "text_color": "#111827",
           *           "alt_text_color": "#dc2626",
           *           "align": "center",
           *           "vertical_align": "middle",
           *           "auto_fit": true
           *         },
           *         {
           *           "name": "badge",
           *           "type": "shape",
           *           "x": 880,
           *           "y": 40,
           *           "width": 160,
           *           "height": 160,
           *           "shape": "ellipse",
           *           "background_color": "#fbbf24"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            background?: string | null;
            /** @description PDF bleed in the design's unit when the request sets no `modifications.bleed` (docs/print.md): at most one inch; default 0. */
            bleed?: number;
            /** @description Images of a pt, mm or in design: pixels per inch when the request sets no dpi (default 150). */
            dpi?: number;
            /** @description Ruler guides of the editor, in the design unit: `{"vertical": [x…], "horizontal": [y…]}`. Not drawn in outputs; null or absent for none. */
            guides?: {
              /** @description y positions of horizontal guides, in the design unit. */
              horizontal?: number[];
              /** @description x positions of vertical guides, in the design unit. */
              vertical?: number[];
            } | null;
            /** @description Canvas height, as width. */
            height?: number;
            layers?: components['schemas']['Layer'][];
            /**
             * @description Unit of every length of the design (canvas, layer geometry, font sizes, borders); default px. A pt, mm or in design prints at its physical size (docs/print.md).
             * @enum {string}
             */
            unit?: 'px' | 'pt' | 'mm' | 'in';
            /** @description Canvas width: whole px, or any size in pt, mm or in. */
            width?: number;
          } & {
            [key: string]: unknown;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description The design revision as a strong ETag, e.g. `"3"`; it goes up by one with each save. Send it back as If-Match when saving. */
            etag?: string;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "width": 1080,
             *       "height": 1080,
             *       "background": "#ffffff",
             *       "layers": [
             *         {
             *           "name": "photo",
             *           "type": "picture",
             *           "x": 0,
             *           "y": 0,
             *           "width": 1080,
             *           "height": 720,
             *           "image": "https://images.example.com/beach.jpg",
             *           "object_fit": "cover"
             *         },
             *         {
             *           "name": "title",
             *           "type": "text",
             *           "x": 60,
             *           "y": 760,
             *           "width": 960,
             *           "height": 200,
             *           "text": "Summer *sale*",
             *           "font_size": 96,
             *           "font_weight": "bold",
             *           "text_color": "#111827",
             *           "alt_text_color": "#dc2626",
             *           "align": "center",
             *           "vertical_align": "middle",
             *           "auto_fit": true
             *         },
             *         {
             *           "name": "badge",
             *           "type": "shape",
             *           "x": 880,
             *           "y": 40,
             *           "width": 160,
             *           "height": 160,
             *           "shape": "ellipse",
             *           "background_color": "#fbbf24"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              background?: string | null;
              /** @description PDF bleed in the design's unit when the request sets no `modifications.bleed` (docs/print.md): at most one inch; default 0. */
              bleed?: number;
              /** @description Images of a pt, mm or in design: pixels per inch when the request sets no dpi (default 150). */
              dpi?: number;
              /** @description Ruler guides of the editor, in the design unit: `{"vertical": [x…], "horizontal": [y…]}`. Not drawn in outputs; null or absent for none. */
              guides?: {
                /** @description y positions of horizontal guides, in the design unit. */
                horizontal?: number[];
                /** @description x positions of vertical guides, in the design unit. */
                vertical?: number[];
              } | null;
              /** @description Canvas height, as width. */
              height?: number;
              layers?: components['schemas']['Layer'][];
              /**
               * @description Unit of every length of the design (canvas, layer geometry, font sizes, borders); default px. A pt, mm or in design prints at its physical size (docs/print.md).
               * @enum {string}
               */
              unit?: 'px' | 'pt' | 'mm' | 'in';
              /** @description Canvas width: whole px, or any size in pt, mm or in. */
              width?: number;
            } & {
              [key: string]: unknown;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description If-Match named an older revision: another tab or user saved meanwhile. Nothing was saved; reload the design. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/templates/{template_uuid}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview a template as PNG or PDF
     * @description Renders the stored design, or the unsaved `design` of the body, with `layers` data, and answers the PNG (or, with `format: "pdf"`, the vector PDF of the same design). Nothing is stored and no credits are used. The `Imprint-Warnings` header holds the warnings as a JSON array of strings (non-ASCII characters as `\uXXXX` escapes); `Imprint-Warning-Details` holds the same warnings, in the same order, as `{code, path, message}` objects. Limited per token (IMPRINT_PREVIEW_RATE_LIMIT per minute; 429 with Retry-After above). Bad input is a 422 naming every field.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "layers": {
           *         "title": {
           *           "text": "Summer sale",
           *           "font_size": "72",
           *           "text_color": "#dc2626"
           *         },
           *         "photo": {
           *           "image": "https://images.example.com/beach.jpg",
           *           "object_fit": "contain"
           *         },
           *         "badge": {
           *           "hide": "true"
           *         }
           *       },
           *       "modifications": {
           *         "width": 600
           *       }
           *     }
           */
          'application/json': {
            /** @description An unsaved design; default: the stored one. */
            design?: {
              background?: string | null;
              /** @description PDF bleed in the design's unit when the request sets no `modifications.bleed` (docs/print.md): at most one inch; default 0. */
              bleed?: number;
              /** @description Images of a pt, mm or in design: pixels per inch when the request sets no dpi (default 150). */
              dpi?: number;
              /** @description Ruler guides of the editor, in the design unit: `{"vertical": [x…], "horizontal": [y…]}`. Not drawn in outputs; null or absent for none. */
              guides?: {
                /** @description y positions of horizontal guides, in the design unit. */
                horizontal?: number[];
                /** @description x positions of vertical guides, in the design unit. */
                vertical?: number[];
              } | null;
              /** @description Canvas height, as width. */
              height?: number;
              layers?: ({
                /** @description Whether requests may change the layer (default true). Values sent for a static layer (false) are ignored with a warning, and it is not listed in the template object. */
                dynamic?: boolean;
              } & {
                [key: string]: unknown;
              })[];
              /**
               * @description Unit of every length of the design (canvas, layer geometry, font sizes, borders); default px. A pt, mm or in design prints at its physical size (docs/print.md).
               * @enum {string}
               */
              unit?: 'px' | 'pt' | 'mm' | 'in';
              /** @description Canvas width: whole px, or any size in pt, mm or in. */
              width?: number;
            } & {
              [key: string]: unknown;
            };
            /**
             * @description png (default): the PNG. pdf: the vector PDF of the same design and data, one page at the design’s size as POST /pdfs makes it with default modifications (modifications are ignored); no watermark, no credits, the same rate limit.
             * @enum {string}
             */
            format?: 'png' | 'pdf';
            /** @description Layer data as for POST /images: layer name → properties. */
            layers?: {
              [key: string]: unknown;
            };
            modifications?: {
              /** @description Height of the PNG in px (fit inside with width). */
              height?: unknown;
              /** @description Width of the PNG in px (the aspect ratio is kept). */
              width?: unknown;
            };
          } & {
            [key: string]: unknown;
          };
        };
      };
      responses: {
        /** @description The PNG, or the PDF for format: "pdf". */
        200: {
          headers: {
            /** @description The warnings of Imprint-Warnings, in the same order, as a JSON array of `{code, path, message}` objects (components/schemas/WarningDetail; ASCII with `\uXXXX` escapes). `code` is one of text_overflow, font_fallback, font_synthesized, font_not_embeddable, table_rows_left_out, table_row_cut, unknown_layer, unknown_property, static_layer_value, unknown_field, picture_unavailable, ink_over_limit, thin_line, low_resolution_picture, type3_font, rgb_in_cmyk, generic_cmyk_profile, link_left_out, more_warnings (more_warnings closes a capped list). */
            'imprint-warning-details'?: string;
            /** @description JSON array of warning strings (`<path>: <message>`), ASCII with `\uXXXX` escapes; `[]` when there are none. */
            'imprint-warnings'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/pdf': string;
            'image/png': string;
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/templates/{template_uuid}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a template's versions
     * @description Cursor-paginated (20 per page by default), newest first.
     */
    get: {
      parameters: {
        query?: {
          /** @description From links.next or links.prev. */
          cursor?: string;
          /** @description Items per page (default 20). */
          per_page?: number;
        };
        header?: never;
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "version": 3,
             *           "name": "Spring campaign",
             *           "created_at": "2026-01-15T09:30:00.000Z",
             *           "created_by": {
             *             "kind": "editor_session",
             *             "token_id": "tok_5e1a"
             *           },
             *           "thumbnail": null,
             *           "published": false,
             *           "width": 1080,
             *           "height": 1080
             *         }
             *       ],
             *       "links": {
             *         "first": null,
             *         "last": null,
             *         "prev": null,
             *         "next": null
             *       },
             *       "meta": {
             *         "per_page": 20
             *       }
             *     }
             */
            'application/json': {
              data?: {
                /** Format: date-time */
                created_at?: string;
                /** @description What saved it. */
                created_by?: {
                  /** @enum {string} */
                  kind?: 'token' | 'editor_session' | 'cli' | 'migration';
                  /** @description The id of the token (token, editor_session); null otherwise. */
                  token_id?: string | null;
                };
                height?: number;
                /** @description Its name; null when unnamed. */
                name?: string | null;
                /** @description Whether it is the template's published_version. */
                published?: boolean;
                /** @description Absolute URL of a small picture of its design; null while it renders or when it could not be rendered. */
                thumbnail?: string | null;
                /** @description Its number (1, 2, 3… per template). */
                version?: number;
                width?: number;
              }[];
              links?: {
                first?: null;
                last?: null;
                next?: string | null;
                prev?: string | null;
              };
              meta?: {
                next_cursor?: string | null;
                path?: string;
                per_page?: number;
                prev_cursor?: string | null;
              };
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/templates/{template_uuid}/versions/{version}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a template version with its design */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
          /** @description The version number (1, 2, 3…). */
          version: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "version": 3,
             *       "name": "Spring campaign",
             *       "created_at": "2026-01-15T09:30:00.000Z",
             *       "created_by": {
             *         "kind": "editor_session",
             *         "token_id": "tok_5e1a"
             *       },
             *       "thumbnail": null,
             *       "published": false,
             *       "width": 1080,
             *       "height": 1080,
             *       "design": {
             *         "width": 1080,
             *         "height": 1080,
             *         "background": "#ffffff",
             *         "layers": [
             *           {
             *             "name": "photo",
             *             "type": "picture",
             *             "x": 0,
             *             "y": 0,
             *             "width": 1080,
             *             "height": 720,
             *             "image": "https://images.example.com/beach.jpg",
             *             "object_fit": "cover"
             *           },
             *           {
             *             "name": "title",
             *             "type": "text",
             *             "x": 60,
             *             "y": 760,
             *             "width": 960,
             *             "height": 200,
             *             "text": "Summer *sale*",
             *             "font_size": 96,
             *             "font_weight": "bold",
             *             "text_color": "#111827",
             *             "alt_text_color": "#dc2626",
             *             "align": "center",
             *             "vertical_align": "middle",
             *             "auto_fit": true
             *           },
             *           {
             *             "name": "badge",
             *             "type": "shape",
             *             "x": 880,
             *             "y": 40,
             *             "width": 160,
             *             "height": 160,
             *             "shape": "ellipse",
             *             "background_color": "#fbbf24"
             *           }
             *         ]
             *       }
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              /** @description What saved it. */
              created_by?: {
                /** @enum {string} */
                kind?: 'token' | 'editor_session' | 'cli' | 'migration';
                /** @description The id of the token (token, editor_session); null otherwise. */
                token_id?: string | null;
              };
              /** @description The design as it was saved in this version. */
              design?: {
                background?: string | null;
                /** @description PDF bleed in the design's unit when the request sets no `modifications.bleed` (docs/print.md): at most one inch; default 0. */
                bleed?: number;
                /** @description Images of a pt, mm or in design: pixels per inch when the request sets no dpi (default 150). */
                dpi?: number;
                /** @description Ruler guides of the editor, in the design unit: `{"vertical": [x…], "horizontal": [y…]}`. Not drawn in outputs; null or absent for none. */
                guides?: {
                  /** @description y positions of horizontal guides, in the design unit. */
                  horizontal?: number[];
                  /** @description x positions of vertical guides, in the design unit. */
                  vertical?: number[];
                } | null;
                /** @description Canvas height, as width. */
                height?: number;
                layers?: ({
                  /** @description Whether requests may change the layer (default true). Values sent for a static layer (false) are ignored with a warning, and it is not listed in the template object. */
                  dynamic?: boolean;
                } & {
                  [key: string]: unknown;
                })[];
                /**
                 * @description Unit of every length of the design (canvas, layer geometry, font sizes, borders); default px. A pt, mm or in design prints at its physical size (docs/print.md).
                 * @enum {string}
                 */
                unit?: 'px' | 'pt' | 'mm' | 'in';
                /** @description Canvas width: whole px, or any size in pt, mm or in. */
                width?: number;
              } & {
                [key: string]: unknown;
              };
              height?: number;
              /** @description Its name; null when unnamed. */
              name?: string | null;
              /** @description Whether it is the template's published_version. */
              published?: boolean;
              /** @description Absolute URL of a small picture of its design; null while it renders or when it could not be rendered. */
              thumbnail?: string | null;
              /** @description Its number (1, 2, 3… per template). */
              version?: number;
              width?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Name a template version
     * @description A named version is never pruned. name: 1–100 characters (trimmed), or null to remove the name.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
          /** @description The version number (1, 2, 3…). */
          version: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "name": "Spring campaign"
           *     }
           */
          'application/json': {
            name?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "version": 3,
             *       "name": "Spring campaign",
             *       "created_at": "2026-01-15T09:30:00.000Z",
             *       "created_by": {
             *         "kind": "editor_session",
             *         "token_id": "tok_5e1a"
             *       },
             *       "thumbnail": null,
             *       "published": false,
             *       "width": 1080,
             *       "height": 1080
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              /** @description What saved it. */
              created_by?: {
                /** @enum {string} */
                kind?: 'token' | 'editor_session' | 'cli' | 'migration';
                /** @description The id of the token (token, editor_session); null otherwise. */
                token_id?: string | null;
              };
              height?: number;
              /** @description Its name; null when unnamed. */
              name?: string | null;
              /** @description Whether it is the template's published_version. */
              published?: boolean;
              /** @description Absolute URL of a small picture of its design; null while it renders or when it could not be rendered. */
              thumbnail?: string | null;
              /** @description Its number (1, 2, 3… per template). */
              version?: number;
              width?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/rest/templates/{template_uuid}/versions/{version}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a template version
     * @description Makes a new version whose design is this version's and makes it the template's current design; every version stays. published_version does not change.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
          /** @description The version number (1, 2, 3…). */
          version: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "version": 4,
             *       "name": null,
             *       "created_at": "2026-01-15T09:30:00.000Z",
             *       "created_by": {
             *         "kind": "editor_session",
             *         "token_id": "tok_5e1a"
             *       },
             *       "thumbnail": null,
             *       "published": false,
             *       "width": 1080,
             *       "height": 1080
             *     }
             */
            'application/json': {
              /** Format: date-time */
              created_at?: string;
              /** @description What saved it. */
              created_by?: {
                /** @enum {string} */
                kind?: 'token' | 'editor_session' | 'cli' | 'migration';
                /** @description The id of the token (token, editor_session); null otherwise. */
                token_id?: string | null;
              };
              height?: number;
              /** @description Its name; null when unnamed. */
              name?: string | null;
              /** @description Whether it is the template's published_version. */
              published?: boolean;
              /** @description Absolute URL of a small picture of its design; null while it renders or when it could not be rendered. */
              thumbnail?: string | null;
              /** @description Its number (1, 2, 3… per template). */
              version?: number;
              width?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Credits of the project: used, held by queued renders, limit and remaining */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "credits_used": 120,
             *       "credits_reserved": 2,
             *       "credit_limit": 1000,
             *       "credits_remaining": 878
             *     }
             */
            'application/json': {
              credit_limit?: number | null;
              credits_remaining?: number | null;
              credits_reserved?: number;
              credits_used?: number;
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/videos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List videos
     * @description The project's videos, newest first (by created_at, then id), cursor-paginated (20 per page by default). All filters combine. Deleted ones are never listed.
     */
    get: {
      parameters: {
        query?: {
          /** @description Only those created at or after this time: an ISO 8601 date or date-time (UTC when it has no offset, e.g. 2026-11-27 or 2026-11-27T14:30:00+01:00) or Unix seconds. */
          created_after?: string;
          /** @description Only those created before this time (exclusive): an ISO 8601 date or date-time (UTC when it has no offset, e.g. 2026-11-27 or 2026-11-27T14:30:00+01:00) or Unix seconds. */
          created_before?: string;
          /** @description From links.next or links.prev. */
          cursor?: string;
          /** @description Exact match: a string passthrough as itself; an array or object passthrough as its JSON text (e.g. {"batch":7}). */
          passthrough?: string;
          /** @description Items per page (default 20, at most 100). */
          per_page?: number;
          /** @description Only this status. */
          status?: 'queued' | 'finished' | 'error';
          /** @description Only those rendered from this template. */
          template_uuid?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 3,
             *           "status": "queued",
             *           "video_url": null,
             *           "polling_url": "https://imprint.example.com/api/rest/videos/3",
             *           "template_versions": [
             *             3,
             *             1
             *           ],
             *           "passthrough": null,
             *           "errors": [],
             *           "error": null,
             *           "created_at": "2026-01-15T09:30:00.000Z"
             *         }
             *       ],
             *       "links": {
             *         "first": null,
             *         "last": null,
             *         "prev": null,
             *         "next": null
             *       },
             *       "meta": {
             *         "path": "https://imprint.example.com/api/rest/videos",
             *         "per_page": 20,
             *         "next_cursor": null,
             *         "prev_cursor": null
             *       }
             *     }
             */
            'application/json': {
              data?: {
                created_at?: string;
                /** @description The errors joined; null unless status is error. */
                error?: string | null;
                errors?: string[];
                /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
                file_expired?: boolean;
                id?: number;
                passthrough?: unknown;
                polling_url?: string;
                /** @enum {string} */
                status?: 'queued' | 'finished' | 'error';
                /** @description The template version of each clip, in clip order (docs/template-versions.md). */
                template_versions?: (number | null)[];
                /** @description The MP4 (H.264/AAC) once finished. */
                video_url?: string | null;
                /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
                warnings?: string[];
              }[];
              links?: {
                first?: null;
                last?: null;
                next?: string | null;
                prev?: string | null;
              };
              meta?: {
                next_cursor?: string | null;
                path?: string;
                per_page?: number;
                prev_cursor?: string | null;
              };
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a video from templates (one clip per template, in order)
     * @description Queues an MP4 made of the clips in order (docs/videos.md). 503 when ffmpeg is not available on the server. Credits: 1 per started second of output, charged when it finishes.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional. 1–255 printable ASCII characters naming this creation, e.g. a random UUID. A retry with the same key and the same body within 24 hours answers the object the first request created (header `Idempotent-Replayed: true`) and charges once; the same key with another body is a 422 (docs/api.md#idempotent-requests). */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "clips": [
           *         {
           *           "template_uuid": "tpl_8f2c1e0d9a",
           *           "layers": {
           *             "background": {
           *               "video": "https://media.example.com/beach.mp4"
           *             },
           *             "title": {
           *               "text": [
           *                 "Summer sale",
           *                 "Up to 50% off"
           *               ]
           *             }
           *           },
           *           "audio": "https://media.example.com/music.mp3",
           *           "audio_duration": "auto"
           *         },
           *         {
           *           "template_uuid": "tpl_0a4b7c",
           *           "layers": {
           *             "title": {
           *               "text": "Shop now"
           *             }
           *           }
           *         }
           *       ],
           *       "modifications": {
           *         "format": "mp4",
           *         "fps": 25,
           *         "canvas_background": "#000000"
           *       },
           *       "webhook_success": "https://hooks.example.com/imprint"
           *     }
           */
          'application/json': {
            clips: {
              /** @description URL of an MP3, AAC or WAV track for the clip. */
              audio?: string | null;
              /**
               * @description "auto": the track is cut to the clip's length; otherwise ("full", the default) the whole track plays and the clip lasts until it ends.
               * @enum {unknown}
               */
              audio_duration?: 'auto' | 'full' | null;
              /** @description Where the track ends, HH:MM:SS(.ff). */
              audio_trim_end?: string | null;
              /** @description Where the track starts, HH:MM:SS(.ff). */
              audio_trim_start?: string | null;
              /** @description Layer name → properties, as for images; in videos `text`, `image` and a picture layer's `video` (an MP4/WebM/MOV URL) may be arrays: the clip is divided into equal parts, one per value. A subtitle layer takes `srt` (an SRT file URL). */
              layers?: {
                [key: string]: Record<string, unknown>;
              } | null;
              template_uuid: string;
              /** @description The template version to render; default: the template's published_version, else its latest version (docs/template-versions.md). */
              template_version?: number | null;
            }[];
            /** @description Wait for the video: the answer is the finished object when it is done within IMPRINT_VIDEO_CREATE_NOW_WAIT_MS (default 30 s), else the queued object to poll. */
            create_now?: boolean | null;
            modifications?: {
              /** @description Behind clips of another size than the output: a colour (#rrggbb, default #000000) or "blur" (the clip itself, scaled to cover and blurred). */
              canvas_background?: string | null;
              /** @description Extension: seconds a clip without video or full audio track lasts (default IMPRINT_VIDEO_CLIP_SECONDS, 5). */
              clip_duration?: number | null;
              filename?: string | null;
              /** @enum {unknown} */
              format?: 'mp4' | null;
              /** @description Default 25. */
              fps?: number | null;
              /** @description Output height; default: the first clip's template height. */
              height?: number | null;
              /** @description Output width; default: the first clip's template width. */
              width?: number | null;
            } | null;
            /** @description String, array or object (≤1024 characters as serialised), echoed back as given. */
            passthrough?: string | unknown[] | Record<string, unknown> | null;
            /** @description Copy the file to your S3-compatible bucket (credentials are never stored). */
            transfer?: Record<string, unknown> | null;
            /** @description Extension: POSTed the object when it ends in error. Addresses as for webhook_success. */
            webhook_error?: string | null;
            /** @description POSTed the finished object (signed, retried). A loopback or private address is a 422 unless the server sets IMPRINT_ALLOW_PRIVATE_URLS=1. */
            webhook_success?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 3,
             *       "status": "queued",
             *       "video_url": null,
             *       "polling_url": "https://imprint.example.com/api/rest/videos/3",
             *       "template_versions": [
             *         3,
             *         1
             *       ],
             *       "passthrough": null,
             *       "errors": [],
             *       "error": null,
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              created_at?: string;
              /** @description The errors joined; null unless status is error. */
              error?: string | null;
              errors?: string[];
              /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
              file_expired?: boolean;
              id?: number;
              passthrough?: unknown;
              polling_url?: string;
              /** @enum {string} */
              status?: 'queued' | 'finished' | 'error';
              /** @description The template version of each clip, in clip order (docs/template-versions.md). */
              template_versions?: (number | null)[];
              /** @description The MP4 (H.264/AAC) once finished. */
              video_url?: string | null;
              /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
              warnings?: string[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/videos/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a video */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 3,
             *       "status": "finished",
             *       "video_url": "https://imprint.example.com/files/videos/5f3c9e1a/video.mp4",
             *       "polling_url": "https://imprint.example.com/api/rest/videos/3",
             *       "template_versions": [
             *         3,
             *         1
             *       ],
             *       "passthrough": null,
             *       "errors": [],
             *       "error": null,
             *       "created_at": "2026-01-15T09:30:00.000Z"
             *     }
             */
            'application/json': {
              created_at?: string;
              /** @description The errors joined; null unless status is error. */
              error?: string | null;
              errors?: string[];
              /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
              file_expired?: boolean;
              id?: number;
              passthrough?: unknown;
              polling_url?: string;
              /** @enum {string} */
              status?: 'queued' | 'finished' | 'error';
              /** @description The template version of each clip, in clip order (docs/template-versions.md). */
              template_versions?: (number | null)[];
              /** @description The MP4 (H.264/AAC) once finished. */
              video_url?: string | null;
              /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
              warnings?: string[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a video and its file */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted: no content. Unknown or already deleted ids answer 404. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/videos/{id}/webhook-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the webhook deliveries of a video (extension) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": "whd_91c2",
             *           "event": "video.finished",
             *           "url": "https://hooks.example.com/imprint",
             *           "status": "succeeded",
             *           "attempts": 1,
             *           "max_attempts": 8,
             *           "last_status_code": 200,
             *           "last_error": null,
             *           "last_attempt_at": "2026-01-15T09:30:00.000Z",
             *           "next_attempt_at": null,
             *           "delivered_at": "2026-01-15T09:30:00.000Z",
             *           "created_at": "2026-01-15T09:30:00.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data?: {
                attempts?: number;
                created_at?: string;
                delivered_at?: string | null;
                /** @enum {string} */
                event?:
                  | 'image.finished'
                  | 'image.error'
                  | 'pdf.finished'
                  | 'pdf.error'
                  | 'video.finished'
                  | 'video.error';
                id?: string;
                last_attempt_at?: string | null;
                last_error?: string | null;
                last_status_code?: number | null;
                max_attempts?: number;
                next_attempt_at?: string | null;
                /** @enum {string} */
                status?: 'pending' | 'succeeded' | 'failed';
                url?: string;
              }[];
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/starter-templates/{id}/thumbnail.png': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Thumbnail of a starter template
     * @description A PNG of the starter’s design, 400 px wide at most. No token: starters are the same on every installation. Cacheable for a day.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The starter template id, e.g. `social-card`. */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The PNG. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': string;
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{path}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a rendered file or an uploaded medium
     * @description The file URLs of image, PDF and media objects. No token: the URLs are unguessable. Supports Range, ETag and If-None-Match; with S3 presigning on, answers 302 to a presigned URL.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The file key as it appears in the file URL (may contain "/"). */
          path: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            '*/*': string;
          };
        };
        /** @description The requested byte range. */
        206: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            '*/*': string;
          };
        };
        /** @description Redirect to a presigned URL of the S3 bucket. */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Not modified (If-None-Match matched the ETag). */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The requested range is not satisfiable. */
        416: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process answers */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The process is up. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "status": "ok"
             *     }
             */
            'application/json': {
              /** @constant */
              status: 'ok';
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: the database and the job queue are reachable */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Ready to serve. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "status": "ready",
             *       "checks": {
             *         "database": "ok",
             *         "queue": "ok"
             *       }
             *     }
             */
            'application/json': {
              /** @description Dependency → "ok" or what is wrong with it. */
              checks: {
                [key: string]: string;
              };
              /** @description Optional features, reported without changing the status: `video` is "ok" when ffmpeg can run, else "unavailable: …" (POST /videos then answers 503). */
              details?: {
                [key: string]: string;
              };
              message?: string;
              /** @enum {string} */
              status: 'ready' | 'unavailable';
            };
          };
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/u/{template_uuid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Render an image from a (signed) URL
     * @description Placid’s URL API: layer values as `layer[property]=value`, modifications as `width`, `height`, `image_format`, `dpi`, `filename`, and the signature `s` (hex HMAC-SHA256 of the query string before `&s=`) last. Answers the image; the same template revision and query are rendered once.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          template_uuid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed request (JSON that does not parse, an undecodable URL). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Malformed request body: Unexpected end of JSON input"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired). */
        401: {
          headers: {
            /** @description Always `Bearer`: the scheme the API expects. */
            'WWW-Authenticate'?: 'Bearer';
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unauthenticated."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The project has no credits left for this render. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not enough credits: this render needs 1, 0 remain."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not allowed: e.g. a URL API request without a valid signature. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The signature is missing or does not match."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such resource in the caller’s project, or no such route. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Template not found"
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The resource is in a state that forbids the change (e.g. a font in use). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The font is used by templates."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The request body or an uploaded file is over its size limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The request body is too large (at most 5242880 bytes)."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded). */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Unsupported content type \"text/plain\"; send application/json."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description One or more fields are invalid; `errors` names each by its path. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "The template_uuid field is required.",
             *       "errors": {
             *         "template_uuid": [
             *           "The template_uuid field is required."
             *         ]
             *       }
             *     }
             */
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description Too many requests for this project in the current minute. */
        429: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Too many requests."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not supported by this server. */
        501: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Not supported."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server. */
        503: {
          headers: {
            /** @description Seconds to wait before trying again. */
            'Retry-After'?: number;
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Service unavailable: the database is not reachable."
             *     }
             */
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'image.error': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An image ended in error
     * @description POSTed to the webhook_success (or webhook_error) URL of the request. Answer 2xx; other answers and timeouts are retried with backoff.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The attempt number, from 1. */
          'imprint-attempt': string;
          /** @description The delivery id (equals webhook-id). */
          'imprint-delivery': string;
          /** @description image.finished, image.error, pdf.finished or pdf.error. */
          'imprint-event': string;
          /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{body}" keyed with the project secret>`. */
          'imprint-signature': string;
          /** @description Standard Webhooks: the delivery id, the same on every retry (use it to drop duplicates). */
          'webhook-id': string;
          /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`; verify with any Standard Webhooks library and the key "whsec_" + base64(project secret) (docs/standard-webhooks.md). */
          'webhook-signature': string;
          /** @description Standard Webhooks: unix seconds when this attempt was signed. */
          'webhook-timestamp': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Image'];
        };
      };
      responses: {
        /** @description Received (any 2xx). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'image.finished': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An image finished rendering
     * @description POSTed to the webhook_success (or webhook_error) URL of the request. Answer 2xx; other answers and timeouts are retried with backoff.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The attempt number, from 1. */
          'imprint-attempt': string;
          /** @description The delivery id (equals webhook-id). */
          'imprint-delivery': string;
          /** @description image.finished, image.error, pdf.finished or pdf.error. */
          'imprint-event': string;
          /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{body}" keyed with the project secret>`. */
          'imprint-signature': string;
          /** @description Standard Webhooks: the delivery id, the same on every retry (use it to drop duplicates). */
          'webhook-id': string;
          /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`; verify with any Standard Webhooks library and the key "whsec_" + base64(project secret) (docs/standard-webhooks.md). */
          'webhook-signature': string;
          /** @description Standard Webhooks: unix seconds when this attempt was signed. */
          'webhook-timestamp': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Image'];
        };
      };
      responses: {
        /** @description Received (any 2xx). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'pdf.error': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A PDF ended in error
     * @description POSTed to the webhook_success (or webhook_error) URL of the request. Answer 2xx; other answers and timeouts are retried with backoff.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The attempt number, from 1. */
          'imprint-attempt': string;
          /** @description The delivery id (equals webhook-id). */
          'imprint-delivery': string;
          /** @description image.finished, image.error, pdf.finished or pdf.error. */
          'imprint-event': string;
          /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{body}" keyed with the project secret>`. */
          'imprint-signature': string;
          /** @description Standard Webhooks: the delivery id, the same on every retry (use it to drop duplicates). */
          'webhook-id': string;
          /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`; verify with any Standard Webhooks library and the key "whsec_" + base64(project secret) (docs/standard-webhooks.md). */
          'webhook-signature': string;
          /** @description Standard Webhooks: unix seconds when this attempt was signed. */
          'webhook-timestamp': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Pdf'];
        };
      };
      responses: {
        /** @description Received (any 2xx). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'pdf.finished': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A PDF finished rendering
     * @description POSTed to the webhook_success (or webhook_error) URL of the request. Answer 2xx; other answers and timeouts are retried with backoff.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The attempt number, from 1. */
          'imprint-attempt': string;
          /** @description The delivery id (equals webhook-id). */
          'imprint-delivery': string;
          /** @description image.finished, image.error, pdf.finished or pdf.error. */
          'imprint-event': string;
          /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{body}" keyed with the project secret>`. */
          'imprint-signature': string;
          /** @description Standard Webhooks: the delivery id, the same on every retry (use it to drop duplicates). */
          'webhook-id': string;
          /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`; verify with any Standard Webhooks library and the key "whsec_" + base64(project secret) (docs/standard-webhooks.md). */
          'webhook-signature': string;
          /** @description Standard Webhooks: unix seconds when this attempt was signed. */
          'webhook-timestamp': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Pdf'];
        };
      };
      responses: {
        /** @description Received (any 2xx). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /** BarcodeLayer */
    BarcodeLayer: {
      /** @description Background colour; null or "" for transparent. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #ffffff. */
      background_color?: string | null;
      /** @description ITF-14: frame the bars and quiet zones with bearer bars (as GS1 asks). Default true. */
      bearer_bars?: boolean | null;
      /** @description Bar colour. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #000000. */
      color?: string;
      /** @description QR code error-correction level. Case-insensitive. Default "M". */
      error_correction?: ('L' | 'M' | 'Q' | 'H') | null;
      /** @description Symbology. Case-insensitive. Default "qrcode". */
      format?:
        | (
            | 'qrcode'
            | 'code128'
            | 'ean13'
            | 'datamatrix'
            | 'pdf417'
            | 'code39'
            | 'ean8'
            | 'upca'
            | 'itf14'
            | 'upce'
            | 'azteccode'
          )
        | null;
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description EAN/UPC and ITF-14: print the digits under the bars. Default true. */
      human_readable?: boolean | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /**
       * @description "barcode" (also accepted: qrcode; stored as "barcode"). (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'barcode' | 'qrcode';
      /** @description The encoded value; it must suit the format (digits only for EAN, …). At most 4000 characters. */
      value?: (string | number) | null;
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
    } & {
      [key: string]: unknown;
    };
    /**
     * BarcodeLayerPatch
     * @description Properties of a barcode layer to change for this request; all optional.
     */
    BarcodeLayerPatch: {
      background_color?: (string | null) | string;
      /** @description ITF-14: frame the bars and quiet zones with bearer bars (as GS1 asks). Default true. */
      bearer_bars?: boolean | string | null;
      color?: string;
      /** @description QR code error-correction level. Case-insensitive. Default "M". */
      error_correction?: ('L' | 'M' | 'Q' | 'H') | null | string;
      /** @description Symbology. Case-insensitive. Default "qrcode". */
      format?:
        | (
            | 'qrcode'
            | 'code128'
            | 'ean13'
            | 'datamatrix'
            | 'pdf417'
            | 'code39'
            | 'ean8'
            | 'upca'
            | 'itf14'
            | 'upce'
            | 'azteccode'
          )
        | null
        | string;
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      /** @description EAN/UPC and ITF-14: print the digits under the bars. Default true. */
      human_readable?: boolean | string | null;
      link_target?: (string | null) | string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      /** @description The encoded value; it must suit the format (digits only for EAN, …). At most 4000 characters. */
      value?: (string | number) | null | string;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
    } & {
      [key: string]: unknown;
    };
    /** BrowserframeLayer */
    BrowserframeLayer: {
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description The screenshot shown in the window: a picture, or a web page to shoot. A URL without spaces (at most 8192 characters), or null for none. */
      image?: string | null;
      /** @description "auto": a URL answering with a web page (text/html) is shot in a browser; "screenshot": always shoot it. Case-insensitive. Default "auto". */
      image_type?: ('auto' | 'screenshot') | null;
      /** @description When `image` is a web page: the browser window, WIDTHxHEIGHT in CSS pixels, each 100–3840. Default "1280x1024". */
      image_viewport?: string | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description How the picture fills the box. Case-insensitive. Default "cover". */
      object_fit?: ('cover' | 'contain' | 'fill') | null;
      /** @description The focal point kept in view: "50% 50%", "left top", "center", "right 25%". Default "center". */
      object_position?: string | number | null;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /** @description When `image` is a web page: shoot the whole page, not just the window. Default false. */
      screenshot_full_page?: boolean | null;
      /** @description When `image` is a web page: a CSS selector; the shot is clipped to the first matching element. At most 500 characters. */
      screenshot_selector?: (string | number) | null;
      /** @description When `image` is a web page: milliseconds to wait after it loaded (at most 10000). Default 0. */
      screenshot_wait?: number | null;
      /** @description Window theme. Case-insensitive. Default "light". */
      theme?: ('light' | 'dark') | null;
      /**
       * @description "browserframe". (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'browserframe';
      /** @description The address shown in the bar. Default: the address of `image` when it is a web page. At most 2048 characters. */
      url?: (string | number) | null;
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
    } & {
      [key: string]: unknown;
    };
    /**
     * BrowserframeLayerPatch
     * @description Properties of a browserframe layer to change for this request; all optional.
     */
    BrowserframeLayerPatch: {
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      image?: (string | null) | string;
      /** @description "auto": a URL answering with a web page (text/html) is shot in a browser; "screenshot": always shoot it. Case-insensitive. Default "auto". */
      image_type?: ('auto' | 'screenshot') | null | string;
      image_viewport?: (string | null) | string;
      link_target?: (string | null) | string;
      /** @description How the picture fills the box. Case-insensitive. Default "cover". */
      object_fit?: ('cover' | 'contain' | 'fill') | null | string;
      object_position?: (string | number | null) | string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      /** @description When `image` is a web page: shoot the whole page, not just the window. Default false. */
      screenshot_full_page?: boolean | string | null;
      /** @description When `image` is a web page: a CSS selector; the shot is clipped to the first matching element. At most 500 characters. */
      screenshot_selector?: (string | number) | null | string;
      /** @description When `image` is a web page: milliseconds to wait after it loaded (at most 10000). Default 0. */
      screenshot_wait?: number | string | null;
      /** @description Window theme. Case-insensitive. Default "light". */
      theme?: ('light' | 'dark') | null | string;
      /** @description The address shown in the bar. Default: the address of `image` when it is a web page. At most 2048 characters. */
      url?: (string | number) | null | string;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
    } & {
      [key: string]: unknown;
    };
    Error: {
      /** @description What is wrong, in one sentence. */
      message: string;
    } & {
      [key: string]: unknown;
    };
    Image: {
      created_at?: string;
      /** @description The errors joined; null unless status is error. */
      error?: string | null;
      errors?: string[];
      /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
      file_expired?: boolean;
      id?: number;
      image_url?: string | null;
      passthrough?: unknown;
      polling_url?: string;
      /** @enum {string} */
      status?: 'queued' | 'finished' | 'error';
      template_uuid?: string;
      /** @description The template version rendered (docs/template-versions.md); null for images made before versions. */
      template_version?: number | null;
      /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
      warnings?: string[];
    };
    /** @description A stored layer; `type` says which. */
    Layer:
      | components['schemas']['TextLayer']
      | components['schemas']['PictureLayer']
      | components['schemas']['ShapeLayer']
      | components['schemas']['LineLayer']
      | components['schemas']['BrowserframeLayer']
      | components['schemas']['BarcodeLayer']
      | components['schemas']['RatingLayer']
      | components['schemas']['TableLayer']
      | components['schemas']['SubtitleLayer'];
    /** @description Layer name → properties to change for this request. Names that match no layer of the template are ignored. Numbers and booleans may be sent as strings ("48", "true"). */
    LayerValues: {
      [key: string]:
        | components['schemas']['TextLayerPatch']
        | components['schemas']['PictureLayerPatch']
        | components['schemas']['ShapeLayerPatch']
        | components['schemas']['LineLayerPatch']
        | components['schemas']['BrowserframeLayerPatch']
        | components['schemas']['BarcodeLayerPatch']
        | components['schemas']['RatingLayerPatch']
        | components['schemas']['TableLayerPatch']
        | components['schemas']['SubtitleLayerPatch'];
    } | null;
    /** LineLayer */
    LineLayer: {
      /** @description Stroke colour. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #000000. */
      color?: string;
      /** @description Dash pattern: lengths of dash, gap, dash, gap… in the design unit, as an array ([12, 6]) or a string ("12 6"); an odd list repeats. null or "" for a solid line. With round caps, a dash of 0 draws dots. */
      dash?: number[] | string | null;
      /** @description Where the line runs in its box: through the middle (horizontal, vertical) or corner to corner (down: top-left to bottom-right; up: bottom-left to top-right). Case-insensitive. Default "horizontal". */
      direction?: ('horizontal' | 'vertical' | 'down' | 'up') | null;
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description Ends: butt (flat at the end), round or square (both half the stroke past it). Case-insensitive. Default "butt". */
      line_cap?: ('butt' | 'round' | 'square') | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /** @description Stroke width. A length in px from 0 to 10000: a number or a string like "12px". Default 4. */
      stroke_width?: number | string | null;
      /**
       * @description "line". (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'line';
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
    } & {
      [key: string]: unknown;
    };
    /**
     * LineLayerPatch
     * @description Properties of a line layer to change for this request; all optional.
     */
    LineLayerPatch: {
      color?: string;
      /** @description Dash pattern: lengths of dash, gap, dash, gap… in the design unit, as an array ([12, 6]) or a string ("12 6"); an odd list repeats. null or "" for a solid line. With round caps, a dash of 0 draws dots. */
      dash?: (number | string)[] | string | null;
      /** @description Where the line runs in its box: through the middle (horizontal, vertical) or corner to corner (down: top-left to bottom-right; up: bottom-left to top-right). Case-insensitive. Default "horizontal". */
      direction?: ('horizontal' | 'vertical' | 'down' | 'up') | null | string;
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      /** @description Ends: butt (flat at the end), round or square (both half the stroke past it). Case-insensitive. Default "butt". */
      line_cap?: ('butt' | 'round' | 'square') | null | string;
      link_target?: (string | null) | string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      /** @description Stroke width. A length in px from 0 to 10000: a number or a string like "12px". Default 4. */
      stroke_width?: number | string | null;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
    } & {
      [key: string]: unknown;
    };
    Pdf: {
      created_at?: string;
      /** @description The errors joined; null unless status is error. */
      error?: string | null;
      errors?: string[];
      /** @description Present (true) when the file was deleted after the retention period; the URL is then null. */
      file_expired?: boolean;
      id?: number;
      passthrough?: unknown;
      pdf_url?: string | null;
      polling_url?: string;
      /** @enum {string} */
      status?: 'queued' | 'finished' | 'error';
      /** @description The template version of each page, in page order (docs/template-versions.md); null for pages made before versions, empty for merged PDFs. */
      template_versions?: (number | null)[];
      /** @description What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished. */
      warnings?: string[];
    };
    /** PictureLayer */
    PictureLayer: {
      /** @description Corner radius. A length in px from 0 to 100000: a number or a string like "12px". Default 0. */
      border_radius?: number | string | null;
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description The picture (PNG, JPEG, WebP, GIF, SVG…), or a web page to show as a screenshot. A URL without spaces (at most 8192 characters), or null for none. */
      image?: string | null;
      /** @description "auto": a URL answering with a web page (text/html) is shot in a browser; "screenshot": always shoot it. Case-insensitive. Default "auto". */
      image_type?: ('auto' | 'screenshot') | null;
      /** @description When `image` is a web page: the browser window, WIDTHxHEIGHT in CSS pixels, each 100–3840. Default "1280x1024". */
      image_viewport?: string | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description How the picture fills the box. Case-insensitive. Default "cover". */
      object_fit?: ('cover' | 'contain' | 'fill') | null;
      /** @description The focal point kept in view: "50% 50%", "left top", "center", "right 25%". Default "center". */
      object_position?: string | number | null;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /** @description When `image` is a web page: shoot the whole page, not just the window. Default false. */
      screenshot_full_page?: boolean | null;
      /** @description When `image` is a web page: a CSS selector; the shot is clipped to the first matching element. At most 500 characters. */
      screenshot_selector?: (string | number) | null;
      /** @description When `image` is a web page: milliseconds to wait after it loaded (at most 10000). Default 0. */
      screenshot_wait?: number | null;
      /**
       * @description "picture". (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'picture';
      /** @description Videos only: an MP4, WebM or MOV shown in the box (object_fit, border_radius and rotation apply). Images and PDFs ignore it. A URL without spaces (at most 8192 characters), or null for none. */
      video?: string | null;
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
    } & {
      [key: string]: unknown;
    };
    /**
     * PictureLayerPatch
     * @description Properties of a picture layer to change for this request; all optional.
     */
    PictureLayerPatch: {
      /** @description Corner radius. A length in px from 0 to 100000: a number or a string like "12px". Default 0. */
      border_radius?: number | string | null;
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      image?: (string | null) | string;
      /** @description "auto": a URL answering with a web page (text/html) is shot in a browser; "screenshot": always shoot it. Case-insensitive. Default "auto". */
      image_type?: ('auto' | 'screenshot') | null | string;
      image_viewport?: (string | null) | string;
      link_target?: (string | null) | string;
      /** @description How the picture fills the box. Case-insensitive. Default "cover". */
      object_fit?: ('cover' | 'contain' | 'fill') | null | string;
      object_position?: (string | number | null) | string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      /** @description When `image` is a web page: shoot the whole page, not just the window. Default false. */
      screenshot_full_page?: boolean | string | null;
      /** @description When `image` is a web page: a CSS selector; the shot is clipped to the first matching element. At most 500 characters. */
      screenshot_selector?: (string | number) | null | string;
      /** @description When `image` is a web page: milliseconds to wait after it loaded (at most 10000). Default 0. */
      screenshot_wait?: number | string | null;
      video?: (string | null) | string;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
    } & {
      [key: string]: unknown;
    };
    /** RatingLayer */
    RatingLayer: {
      /** @description Colour of filled stars. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #f59e0b. */
      color?: string;
      /** @description Colour of empty stars; null or "" for none. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #d1d5db. */
      empty_color?: string | null;
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /**
       * @description Number of stars: 5 or 10. Default 5.
       * @enum {unknown}
       */
      max?: 5 | 10 | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /**
       * @description "rating". (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'rating';
      /** @description Stars filled, from 0 to max (decimals fill part of a star). Default 0. */
      value?: number | null;
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
    } & {
      [key: string]: unknown;
    };
    /**
     * RatingLayerPatch
     * @description Properties of a rating layer to change for this request; all optional.
     */
    RatingLayerPatch: {
      color?: string;
      empty_color?: (string | null) | string;
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      link_target?: (string | null) | string;
      max?: (5 | 10 | '5' | '10' | null) | string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      /** @description Stars filled, from 0 to max (decimals fill part of a star). Default 0. */
      value?: number | string | null;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
    } & {
      [key: string]: unknown;
    };
    /** ShapeLayer */
    ShapeLayer: {
      /** @description Fill colour; null or "" for none. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #000000. */
      background_color?: string | null;
      /** @description Border colour. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. null or "" for none. */
      border_color?: string | null;
      /** @description Corner radius of a rectangle. A length in px from 0 to 100000: a number or a string like "12px". Default 0. */
      border_radius?: number | string | null;
      /** @description Border width. A length in px from 0 to 10000: a number or a string like "12px". Default 0. */
      border_width?: number | string | null;
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /** @description Outline. Case-insensitive. Default "rectangle". */
      shape?: ('rectangle' | 'ellipse') | null;
      /** @description An SVG drawn instead of the outline; `background_color` is its default fill. A URL without spaces (at most 8192 characters), or null for none. */
      svg?: string | null;
      /**
       * @description "shape" (also accepted: rectangle, ellipse; stored as "shape"). (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'shape' | 'rectangle' | 'ellipse';
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
    } & {
      [key: string]: unknown;
    };
    /**
     * ShapeLayerPatch
     * @description Properties of a shape layer to change for this request; all optional.
     */
    ShapeLayerPatch: {
      background_color?: (string | null) | string;
      border_color?: (string | null) | string;
      /** @description Corner radius of a rectangle. A length in px from 0 to 100000: a number or a string like "12px". Default 0. */
      border_radius?: number | string | null;
      /** @description Border width. A length in px from 0 to 10000: a number or a string like "12px". Default 0. */
      border_width?: number | string | null;
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      link_target?: (string | null) | string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      /** @description Outline. Case-insensitive. Default "rectangle". */
      shape?: ('rectangle' | 'ellipse') | null | string;
      svg?: (string | null) | string;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
    } & {
      [key: string]: unknown;
    };
    /** SubtitleLayer */
    SubtitleLayer: {
      /** @description Horizontal alignment. Case-insensitive. Default "left". */
      align?: ('left' | 'center' | 'right' | 'justify') | null;
      /** @description The font of emphasised text; null for the layer font. */
      alt_font?: string | null;
      /** @description Colour of emphasised text; null for text_color. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. null or "" for none. */
      alt_text_color?: string | null;
      /** @description Shrink the font (down to min_font_size) until the text fits the box. Default false. */
      auto_fit?: boolean | null;
      /** @description A font uuid or bundled family name; null or "" for the default. */
      font?: string | null;
      /** @description Font size. A length in px from 1 to 2000: a number or a string like "12px". Default 16. */
      font_size?: number | string | null;
      /** @description Font style. Case-insensitive. Default "normal". */
      font_style?: ('normal' | 'italic' | 'oblique') | null;
      /** @description "normal", "bold", "light", "thin" or an integer from 1 to 1000 (400 = normal, 700 = bold). Default 400. */
      font_weight?: number | string | null;
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description Break long words at hyphenation points of `lang` (a hyphen is drawn there). Default false. */
      hyphenate?: boolean | null;
      /** @description Language of the text, for hyphenation (en = American English). Case-insensitive. Default "en". */
      lang?:
        | (
            | 'af'
            | 'bg'
            | 'ca'
            | 'cs'
            | 'cy'
            | 'da'
            | 'de'
            | 'de-ch-1901'
            | 'el'
            | 'en'
            | 'en-gb'
            | 'en-us'
            | 'es'
            | 'et'
            | 'eu'
            | 'fi'
            | 'fr'
            | 'ga'
            | 'gl'
            | 'hr'
            | 'hu'
            | 'hy'
            | 'ia'
            | 'id'
            | 'is'
            | 'it'
            | 'ka'
            | 'la'
            | 'lt'
            | 'lv'
            | 'mk'
            | 'nb'
            | 'nl'
            | 'nn'
            | 'no'
            | 'oc'
            | 'pl'
            | 'pt'
            | 'rm'
            | 'ro'
            | 'ru'
            | 'sk'
            | 'sl'
            | 'sq'
            | 'sr'
            | 'sv'
            | 'tr'
            | 'uk'
          )
        | null;
      /** @description Extra space between letters. A length in px from -100 to 1000: a number or a string like "12px". Default 0. */
      letter_spacing?: number | string | null;
      /** @description Line height as a multiple of the font size. Default 1.2. */
      line_height?: number | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /** @description Most lines drawn (0 = no limit). Default 0. */
      max_lines?: number | null;
      /** @description Smallest size auto_fit may shrink to. A length in px from 1 to 2000: a number or a string like "12px". Default 8. */
      min_font_size?: number | string | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /** @description Text that does not fit its box (at min_font_size with auto_fit): cut at the box, ended with "…" on the last line that fits, or drawn past the box. Case-insensitive. Default "clip". */
      overflow?: ('clip' | 'ellipsis' | 'visible') | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /** @description Videos only: a SubRip (.srt) file; each cue is shown during its time. Images and PDFs draw `text` instead. A URL without spaces (at most 8192 characters), or null for none. */
      srt?: string | null;
      /** @description The text; `*word*` marks emphasis (alt_font, alt_text_color). With text_format "markup" also <b>, <i>, <u>, <s>, <span color>, <a href>, <br> and &lt; &gt; &amp;. At most 10000 characters. */
      text?: (string | number) | null;
      /** @description Text colour. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #000000. */
      text_color?: string;
      /** @description "markup" reads a small HTML-like subset in text: <b>/<strong>, <i>/<em>, <u>, <s>/<strike>/<del>, <span color="…">, <a href="https://…"> (clickable in PDFs), <br> and the entities &lt; &gt; &amp; &quot; &apos; &#NN;. Malformed or unknown markup shows as text. Default "plain". Case-insensitive. Default "plain". */
      text_format?: ('plain' | 'markup') | null;
      /** @description Case change. Case-insensitive. Default "none". */
      text_transform?: ('none' | 'uppercase' | 'lowercase') | null;
      /**
       * @description "subtitle". (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'subtitle';
      /**
       * @description Vertical alignment ("center" means "middle"). Case-insensitive. Default "top".
       * @enum {string|null}
       */
      vertical_align?: 'top' | 'middle' | 'bottom' | 'center' | null;
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
    } & {
      [key: string]: unknown;
    };
    /**
     * SubtitleLayerPatch
     * @description Properties of a subtitle layer to change for this request; all optional.
     */
    SubtitleLayerPatch: {
      /** @description Horizontal alignment. Case-insensitive. Default "left". */
      align?: ('left' | 'center' | 'right' | 'justify') | null | string;
      alt_font?: (string | null) | string;
      alt_text_color?: (string | null) | string;
      /** @description Shrink the font (down to min_font_size) until the text fits the box. Default false. */
      auto_fit?: boolean | string | null;
      font?: (string | null) | string;
      /** @description Font size. A length in px from 1 to 2000: a number or a string like "12px". Default 16. */
      font_size?: number | string | null;
      /** @description Font style. Case-insensitive. Default "normal". */
      font_style?: ('normal' | 'italic' | 'oblique') | null | string;
      /** @description "normal", "bold", "light", "thin" or an integer from 1 to 1000 (400 = normal, 700 = bold). Default 400. */
      font_weight?: number | string | null;
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      /** @description Break long words at hyphenation points of `lang` (a hyphen is drawn there). Default false. */
      hyphenate?: boolean | string | null;
      /** @description Language of the text, for hyphenation (en = American English). Case-insensitive. Default "en". */
      lang?:
        | (
            | 'af'
            | 'bg'
            | 'ca'
            | 'cs'
            | 'cy'
            | 'da'
            | 'de'
            | 'de-ch-1901'
            | 'el'
            | 'en'
            | 'en-gb'
            | 'en-us'
            | 'es'
            | 'et'
            | 'eu'
            | 'fi'
            | 'fr'
            | 'ga'
            | 'gl'
            | 'hr'
            | 'hu'
            | 'hy'
            | 'ia'
            | 'id'
            | 'is'
            | 'it'
            | 'ka'
            | 'la'
            | 'lt'
            | 'lv'
            | 'mk'
            | 'nb'
            | 'nl'
            | 'nn'
            | 'no'
            | 'oc'
            | 'pl'
            | 'pt'
            | 'rm'
            | 'ro'
            | 'ru'
            | 'sk'
            | 'sl'
            | 'sq'
            | 'sr'
            | 'sv'
            | 'tr'
            | 'uk'
          )
        | null
        | string;
      /** @description Extra space between letters. A length in px from -100 to 1000: a number or a string like "12px". Default 0. */
      letter_spacing?: number | string | null;
      /** @description Line height as a multiple of the font size. Default 1.2. */
      line_height?: number | string | null;
      link_target?: (string | null) | string;
      /** @description Most lines drawn (0 = no limit). Default 0. */
      max_lines?: number | string | null;
      /** @description Smallest size auto_fit may shrink to. A length in px from 1 to 2000: a number or a string like "12px". Default 8. */
      min_font_size?: number | string | null;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Text that does not fit its box (at min_font_size with auto_fit): cut at the box, ended with "…" on the last line that fits, or drawn past the box. Case-insensitive. Default "clip". */
      overflow?: ('clip' | 'ellipsis' | 'visible') | null | string;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      srt?: (string | null) | string;
      /** @description The text; `*word*` marks emphasis (alt_font, alt_text_color). With text_format "markup" also <b>, <i>, <u>, <s>, <span color>, <a href>, <br> and &lt; &gt; &amp;. At most 10000 characters. */
      text?: (string | number) | null | string;
      text_color?: string;
      /** @description "markup" reads a small HTML-like subset in text: <b>/<strong>, <i>/<em>, <u>, <s>/<strike>/<del>, <span color="…">, <a href="https://…"> (clickable in PDFs), <br> and the entities &lt; &gt; &amp; &quot; &apos; &#NN;. Malformed or unknown markup shows as text. Default "plain". Case-insensitive. Default "plain". */
      text_format?: ('plain' | 'markup') | null | string;
      /** @description Case change. Case-insensitive. Default "none". */
      text_transform?: ('none' | 'uppercase' | 'lowercase') | null | string;
      vertical_align?: ('top' | 'middle' | 'bottom' | 'center' | null) | string;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
    } & {
      [key: string]: unknown;
    };
    /** TableLayer */
    TableLayer: {
      /** @description Background of body rows; null or "" for none. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. null or "" for none. */
      background_color?: string | null;
      /** @description Colour of the grid lines. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #d1d5db. */
      border_color?: string;
      /** @description Width of the grid lines (0 = none). A length in px from 0 to 100: a number or a string like "12px". Default 1. */
      border_width?: number | string | null;
      /** @description The columns, left to right, each an object with title, key (its name in object rows; default: the title), width (in the unit of the design; columns without one share the rest of the layer width) and align (left, center or right). JSON text of the list is read as the list. */
      columns?:
        | {
            /** @enum {string|null} */
            align?: 'left' | 'center' | 'right' | null;
            key?: string | number | null;
            title?: string | number | null;
            width?: number | string | null;
          }[]
        | string
        | null;
      /** @description Body font: a font uuid or bundled family name; null for the default. */
      font?: string | null;
      /** @description Body font size. A length in px from 1 to 2000: a number or a string like "12px". Default 14. */
      font_size?: number | string | null;
      /** @description Body font weight (400 = normal, 700 = bold). Default 400. */
      font_weight?: number | null;
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Header background; null or "" for none. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #e5e7eb. */
      header_background_color?: string | null;
      /** @description Header font; null for the body font. */
      header_font?: string | null;
      /** @description Header font size. A length in px from 1 to 2000: a number or a string like "12px". Default 14. */
      header_font_size?: number | string | null;
      /** @description Header font weight. Default 700. */
      header_font_weight?: number | null;
      /** @description Header text colour. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #111827. */
      header_text_color?: string;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description Line height of cell text as a multiple of the font size. Default 1.3. */
      line_height?: number | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /** @description Height of barcode and picture cells' content. A length in px from 1 to 10000: a number or a string like "12px". Default 40. */
      media_height?: number | string | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /** @description Space between a cell's edge and its content. A length in px from 0 to 1000: a number or a string like "12px". Default 6. */
      padding?: number | string | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /** @description The rows: arrays of cells in column order, or objects keyed by column key. A cell is text, a barcode (an object with type barcode, value and format) or a picture (type picture and url). JSON text of the list is read as the list. */
      rows?:
        | (
            | (
                | (string | number | null)
                | {
                    /** @enum {string} */
                    format?:
                      | 'qrcode'
                      | 'code128'
                      | 'ean13'
                      | 'datamatrix'
                      | 'pdf417'
                      | 'code39'
                      | 'ean8'
                      | 'upca'
                      | 'itf14'
                      | 'upce'
                      | 'azteccode';
                    text?: string | number | null;
                    /** @enum {string} */
                    type: 'text' | 'barcode' | 'picture';
                    url?: string;
                    value?: string | number;
                  }
              )[]
            | {
                [key: string]:
                  | (string | number | null)
                  | {
                      /** @enum {string} */
                      format?:
                        | 'qrcode'
                        | 'code128'
                        | 'ean13'
                        | 'datamatrix'
                        | 'pdf417'
                        | 'code39'
                        | 'ean8'
                        | 'upca'
                        | 'itf14'
                        | 'upce'
                        | 'azteccode';
                      text?: string | number | null;
                      /** @enum {string} */
                      type: 'text' | 'barcode' | 'picture';
                      url?: string;
                      value?: string | number;
                    };
              }
          )[]
        | string
        | null;
      /** @description Draw the column titles as a header row (repeated on every PDF page). Default true. */
      show_header?: boolean | null;
      /** @description Body text colour (also barcodes). a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #111827. */
      text_color?: string;
      /**
       * @description "table". (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'table';
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
      /** @description Background of every second body row (2nd, 4th…); null or "" for none. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. null or "" for none. */
      zebra_color?: string | null;
    } & {
      [key: string]: unknown;
    };
    /**
     * TableLayerPatch
     * @description Properties of a table layer to change for this request; all optional.
     */
    TableLayerPatch: {
      background_color?: (string | null) | string;
      border_color?: string;
      /** @description Width of the grid lines (0 = none). A length in px from 0 to 100: a number or a string like "12px". Default 1. */
      border_width?: number | string | null;
      columns?:
        | (
            | {
                /** @enum {string|null} */
                align?: 'left' | 'center' | 'right' | null;
                key?: string | number | null;
                title?: string | number | null;
                width?: number | string | null;
              }[]
            | string
            | null
          )
        | string;
      font?: (string | null) | string;
      /** @description Body font size. A length in px from 1 to 2000: a number or a string like "12px". Default 14. */
      font_size?: number | string | null;
      /** @description Body font weight (400 = normal, 700 = bold). Default 400. */
      font_weight?: number | string | null;
      header_background_color?: (string | null) | string;
      header_font?: (string | null) | string;
      /** @description Header font size. A length in px from 1 to 2000: a number or a string like "12px". Default 14. */
      header_font_size?: number | string | null;
      /** @description Header font weight. Default 700. */
      header_font_weight?: number | string | null;
      header_text_color?: string;
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      /** @description Line height of cell text as a multiple of the font size. Default 1.3. */
      line_height?: number | string | null;
      link_target?: (string | null) | string;
      /** @description Height of barcode and picture cells' content. A length in px from 1 to 10000: a number or a string like "12px". Default 40. */
      media_height?: number | string | null;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Space between a cell's edge and its content. A length in px from 0 to 1000: a number or a string like "12px". Default 6. */
      padding?: number | string | null;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      rows?:
        | (
            | (
                | (
                    | (string | number | null)
                    | {
                        /** @enum {string} */
                        format?:
                          | 'qrcode'
                          | 'code128'
                          | 'ean13'
                          | 'datamatrix'
                          | 'pdf417'
                          | 'code39'
                          | 'ean8'
                          | 'upca'
                          | 'itf14'
                          | 'upce'
                          | 'azteccode';
                        text?: string | number | null;
                        /** @enum {string} */
                        type: 'text' | 'barcode' | 'picture';
                        url?: string;
                        value?: string | number;
                      }
                  )[]
                | {
                    [key: string]:
                      | (string | number | null)
                      | {
                          /** @enum {string} */
                          format?:
                            | 'qrcode'
                            | 'code128'
                            | 'ean13'
                            | 'datamatrix'
                            | 'pdf417'
                            | 'code39'
                            | 'ean8'
                            | 'upca'
                            | 'itf14'
                            | 'upce'
                            | 'azteccode';
                          text?: string | number | null;
                          /** @enum {string} */
                          type: 'text' | 'barcode' | 'picture';
                          url?: string;
                          value?: string | number;
                        };
                  }
              )[]
            | string
            | null
          )
        | string;
      /** @description Draw the column titles as a header row (repeated on every PDF page). Default true. */
      show_header?: boolean | string | null;
      text_color?: string;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
      zebra_color?: (string | null) | string;
    } & {
      [key: string]: unknown;
    };
    /** TextLayer */
    TextLayer: {
      /** @description Horizontal alignment. Case-insensitive. Default "left". */
      align?: ('left' | 'center' | 'right' | 'justify') | null;
      /** @description The font of emphasised text; null for the layer font. */
      alt_font?: string | null;
      /** @description Colour of emphasised text; null for text_color. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. null or "" for none. */
      alt_text_color?: string | null;
      /** @description Shrink the font (down to min_font_size) until the text fits the box. Default false. */
      auto_fit?: boolean | null;
      /** @description A font uuid or bundled family name; null or "" for the default. */
      font?: string | null;
      /** @description Font size. A length in px from 1 to 2000: a number or a string like "12px". Default 16. */
      font_size?: number | string | null;
      /** @description Font style. Case-insensitive. Default "normal". */
      font_style?: ('normal' | 'italic' | 'oblique') | null;
      /** @description "normal", "bold", "light", "thin" or an integer from 1 to 1000 (400 = normal, 700 = bold). Default 400. */
      font_weight?: number | string | null;
      /** @description The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected. */
      group?: string | null;
      /** @description Height. In design px, from 0 to 100000: a number or "12px". */
      height: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | null;
      /** @description Break long words at hyphenation points of `lang` (a hyphen is drawn there). Default false. */
      hyphenate?: boolean | null;
      /** @description Language of the text, for hyphenation (en = American English). Case-insensitive. Default "en". */
      lang?:
        | (
            | 'af'
            | 'bg'
            | 'ca'
            | 'cs'
            | 'cy'
            | 'da'
            | 'de'
            | 'de-ch-1901'
            | 'el'
            | 'en'
            | 'en-gb'
            | 'en-us'
            | 'es'
            | 'et'
            | 'eu'
            | 'fi'
            | 'fr'
            | 'ga'
            | 'gl'
            | 'hr'
            | 'hu'
            | 'hy'
            | 'ia'
            | 'id'
            | 'is'
            | 'it'
            | 'ka'
            | 'la'
            | 'lt'
            | 'lv'
            | 'mk'
            | 'nb'
            | 'nl'
            | 'nn'
            | 'no'
            | 'oc'
            | 'pl'
            | 'pt'
            | 'rm'
            | 'ro'
            | 'ru'
            | 'sk'
            | 'sl'
            | 'sq'
            | 'sr'
            | 'sv'
            | 'tr'
            | 'uk'
          )
        | null;
      /** @description Extra space between letters. A length in px from -100 to 1000: a number or a string like "12px". Default 0. */
      letter_spacing?: number | string | null;
      /** @description Line height as a multiple of the font size. Default 1.2. */
      line_height?: number | null;
      /** @description An http(s) or mailto URL the layer links to in PDFs, or null. */
      link_target?: string | null;
      /** @description Most lines drawn (0 = no limit). Default 0. */
      max_lines?: number | null;
      /** @description Smallest size auto_fit may shrink to. A length in px from 1 to 2000: a number or a string like "12px". Default 8. */
      min_font_size?: number | string | null;
      /** @description Unique within the design; requests address the layer by it. */
      name: string;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | null;
      /** @description Text that does not fit its box (at min_font_size with auto_fit): cut at the box, ended with "…" on the last line that fits, or drawn past the box. Case-insensitive. Default "clip". */
      overflow?: ('clip' | 'ellipsis' | 'visible') | null;
      /**
       * @description PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".
       * @enum {string|null}
       */
      repeat?: 'all' | 'first' | 'last' | '' | null;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | null;
      /** @description The text; `*word*` marks emphasis (alt_font, alt_text_color). With text_format "markup" also <b>, <i>, <u>, <s>, <span color>, <a href>, <br> and &lt; &gt; &amp;. At most 10000 characters. */
      text?: (string | number) | null;
      /** @description Text colour. a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100) or a CSS name. Default #000000. */
      text_color?: string;
      /** @description "markup" reads a small HTML-like subset in text: <b>/<strong>, <i>/<em>, <u>, <s>/<strike>/<del>, <span color="…">, <a href="https://…"> (clickable in PDFs), <br> and the entities &lt; &gt; &amp; &quot; &apos; &#NN;. Malformed or unknown markup shows as text. Default "plain". Case-insensitive. Default "plain". */
      text_format?: ('plain' | 'markup') | null;
      /** @description Case change. Case-insensitive. Default "none". */
      text_transform?: ('none' | 'uppercase' | 'lowercase') | null;
      /**
       * @description "text". (enum property replaced by openapi-typescript)
       * @enum {string}
       */
      type: 'text';
      /**
       * @description Vertical alignment ("center" means "middle"). Case-insensitive. Default "top".
       * @enum {string|null}
       */
      vertical_align?: 'top' | 'middle' | 'bottom' | 'center' | null;
      /** @description Width. In design px, from 0 to 100000: a number or "12px". */
      width: number | string;
      /** @description Left edge. In design px, from -100000 to 100000: a number or "12px". */
      x: number | string;
      /** @description Top edge. In design px, from -100000 to 100000: a number or "12px". */
      y: number | string;
    } & {
      [key: string]: unknown;
    };
    /**
     * TextLayerPatch
     * @description Properties of a text layer to change for this request; all optional.
     */
    TextLayerPatch: {
      /** @description Horizontal alignment. Case-insensitive. Default "left". */
      align?: ('left' | 'center' | 'right' | 'justify') | null | string;
      alt_font?: (string | null) | string;
      alt_text_color?: (string | null) | string;
      /** @description Shrink the font (down to min_font_size) until the text fits the box. Default false. */
      auto_fit?: boolean | string | null;
      font?: (string | null) | string;
      /** @description Font size. A length in px from 1 to 2000: a number or a string like "12px". Default 16. */
      font_size?: number | string | null;
      /** @description Font style. Case-insensitive. Default "normal". */
      font_style?: ('normal' | 'italic' | 'oblique') | null | string;
      /** @description "normal", "bold", "light", "thin" or an integer from 1 to 1000 (400 = normal, 700 = bold). Default 400. */
      font_weight?: number | string | null;
      /** @description Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative. */
      height?: number | string;
      /** @description Leave the layer out. Default false. */
      hide?: boolean | string | null;
      /** @description Break long words at hyphenation points of `lang` (a hyphen is drawn there). Default false. */
      hyphenate?: boolean | string | null;
      /** @description Language of the text, for hyphenation (en = American English). Case-insensitive. Default "en". */
      lang?:
        | (
            | 'af'
            | 'bg'
            | 'ca'
            | 'cs'
            | 'cy'
            | 'da'
            | 'de'
            | 'de-ch-1901'
            | 'el'
            | 'en'
            | 'en-gb'
            | 'en-us'
            | 'es'
            | 'et'
            | 'eu'
            | 'fi'
            | 'fr'
            | 'ga'
            | 'gl'
            | 'hr'
            | 'hu'
            | 'hy'
            | 'ia'
            | 'id'
            | 'is'
            | 'it'
            | 'ka'
            | 'la'
            | 'lt'
            | 'lv'
            | 'mk'
            | 'nb'
            | 'nl'
            | 'nn'
            | 'no'
            | 'oc'
            | 'pl'
            | 'pt'
            | 'rm'
            | 'ro'
            | 'ru'
            | 'sk'
            | 'sl'
            | 'sq'
            | 'sr'
            | 'sv'
            | 'tr'
            | 'uk'
          )
        | null
        | string;
      /** @description Extra space between letters. A length in px from -100 to 1000: a number or a string like "12px". Default 0. */
      letter_spacing?: number | string | null;
      /** @description Line height as a multiple of the font size. Default 1.2. */
      line_height?: number | string | null;
      link_target?: (string | null) | string;
      /** @description Most lines drawn (0 = no limit). Default 0. */
      max_lines?: number | string | null;
      /** @description Smallest size auto_fit may shrink to. A length in px from 1 to 2000: a number or a string like "12px". Default 8. */
      min_font_size?: number | string | null;
      /** @description Opacity in percent. Default 100. */
      opacity?: number | string | null;
      /** @description Text that does not fit its box (at min_font_size with auto_fit): cut at the box, ended with "…" on the last line that fits, or drawn past the box. Case-insensitive. Default "clip". */
      overflow?: ('clip' | 'ellipsis' | 'visible') | null | string;
      /** @description Left edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_x?: number | string;
      /** @description Left edge in px (same as x). */
      position_x_absolute?: number | string;
      /** @description Shift right (negative: left) in px. */
      position_x_relative?: number | string;
      /** @description Top edge: "10px" sets it, "+10px"/"-10px" shifts it. */
      position_y?: number | string;
      /** @description Top edge in px (same as y). */
      position_y_absolute?: number | string;
      /** @description Shift down (negative: up) in px. */
      position_y_relative?: number | string;
      repeat?: ('all' | 'first' | 'last' | '' | null) | string;
      /** @description Rotation in degrees, clockwise about the centre. Default 0. */
      rotation?: number | string | null;
      /** @description The text; `*word*` marks emphasis (alt_font, alt_text_color). With text_format "markup" also <b>, <i>, <u>, <s>, <span color>, <a href>, <br> and &lt; &gt; &amp;. At most 10000 characters. */
      text?: (string | number) | null | string;
      text_color?: string;
      /** @description "markup" reads a small HTML-like subset in text: <b>/<strong>, <i>/<em>, <u>, <s>/<strike>/<del>, <span color="…">, <a href="https://…"> (clickable in PDFs), <br> and the entities &lt; &gt; &amp; &quot; &apos; &#NN;. Malformed or unknown markup shows as text. Default "plain". Case-insensitive. Default "plain". */
      text_format?: ('plain' | 'markup') | null | string;
      /** @description Case change. Case-insensitive. Default "none". */
      text_transform?: ('none' | 'uppercase' | 'lowercase') | null | string;
      vertical_align?: ('top' | 'middle' | 'bottom' | 'center' | null) | string;
      visibility?: ('visible' | 'hidden' | '' | null) | string;
      /** @description Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative. */
      width?: number | string;
      /** @description Left edge in px: a number or "10px". */
      x?: number | string;
      /** @description Top edge in px: a number or "10px". */
      y?: number | string;
    } & {
      [key: string]: unknown;
    };
    ValidationError: {
      /** @description Field path (e.g. `layers.title.font_size`) → what is wrong with it. */
      errors: {
        [key: string]: string[];
      };
      /** @description The first problem (and how many more there are). */
      message: string;
    } & {
      [key: string]: unknown;
    };
    /** @description A preview warning: what it is about, where, and the text. */
    WarningDetail: {
      /**
       * @description What the warning is about; more_warnings closes a capped list.
       * @enum {string}
       */
      code:
        | 'text_overflow'
        | 'font_fallback'
        | 'font_synthesized'
        | 'font_not_embeddable'
        | 'table_rows_left_out'
        | 'table_row_cut'
        | 'unknown_layer'
        | 'unknown_property'
        | 'static_layer_value'
        | 'unknown_field'
        | 'picture_unavailable'
        | 'ink_over_limit'
        | 'thin_line'
        | 'low_resolution_picture'
        | 'type3_font'
        | 'rgb_in_cmyk'
        | 'generic_cmyk_profile'
        | 'link_left_out'
        | 'more_warnings';
      /** @description The warning, for people. */
      message: string;
      /** @description A JSON path such as `layers.title`; empty for the closing more_warnings. */
      path: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
