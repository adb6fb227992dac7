/**
 * The layer schemas of the API description against the checks they are generated beside: for
 * every registered layer type and property, each candidate value the server accepts (in a stored
 * design, and as request data where numbers and booleans may be strings) is accepted by the
 * schema too, so generated clients can send whatever the server takes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { layerSchemas } from '../../../src/render/design/layer-schemas.ts';
import { applyLayerData, validateDesign } from '../../../src/render/design/index.ts';
import { COMMON_PROPS } from '../../../src/render/design/common-props.ts';
import { layerTypes } from '../../../src/render/layers/index.ts';
import type { Design } from '../../../src/render/types.ts';

/** Values of every JSON kind, in and out of the usual ranges. */
const CANDIDATES: unknown[] = [
  null,
  '',
  0,
  1,
  5,
  10,
  48,
  1.5,
  -1,
  -400,
  100,
  101,
  400,
  700,
  3000,
  200_000,
  true,
  false,
  '12',
  '12px',
  '-3.5px',
  '4.5',
  'true',
  'false',
  '1',
  '0',
  'bold',
  'normal',
  'center',
  'middle',
  'left',
  'cover',
  'contain',
  'ellipse',
  'qrcode',
  'code128',
  'M',
  'dark',
  '50% 50%',
  'left top',
  '#ff0000',
  'red',
  'rgba(0,0,0,0.5)',
  'cmyk(0,100,100,0)',
  'spot("PANTONE 185 C",0,100,81,4)',
  'https://example.com/a.png',
  'mailto:a@example.com',
  'not a url',
  'Hello',
  [],
  {},
];

const { design, patch } = layerSchemas();
const ajv = new Ajv2020({ strict: false, allErrors: true });

const base = { name: 'l', x: 0, y: 0, width: 100, height: 100 };

describe('layer schemas from the layer registry', () => {
  for (const type of layerTypes()) {
    const props = Object.keys({ ...COMMON_PROPS, ...type.props });
    const designSchema = ajv.compile(
      design[`${type.type[0].toUpperCase()}${type.type.slice(1)}Layer`],
    );
    const patchSchema = ajv.compile(
      patch[`${type.type[0].toUpperCase()}${type.type.slice(1)}LayerPatch`],
    );

    it(`${type.type}: every value a stored design may hold is allowed by its schema`, () => {
      for (const prop of props) {
        for (const value of CANDIDATES) {
          const layer = { ...base, type: type.type, [prop]: value };
          const { problems } = validateDesign({ width: 100, height: 100, layers: [layer] });
          const accepted = !problems.some((p) => p.path === `layers.0.${prop}`);
          if (accepted) {
            assert.ok(
              designSchema(layer),
              `${type.type}.${prop} = ${JSON.stringify(value)}: ${ajv.errorsText(designSchema.errors)}`,
            );
          }
        }
      }
    });

    it(`${type.type}: every value a request may send is allowed by its patch schema`, () => {
      const checked = validateDesign({
        width: 100,
        height: 100,
        layers: [{ ...base, type: type.type }],
      });
      assert.deepEqual(checked.problems, []);
      for (const prop of props) {
        for (const value of CANDIDATES) {
          const data = { l: { [prop]: value } };
          const { problems } = applyLayerData(checked.design as Design, data);
          const accepted = !problems.some((p) => p.path === `layers.l.${prop}`);
          if (accepted) {
            assert.ok(
              patchSchema(data.l),
              `${type.type}.${prop} = ${JSON.stringify(value)}: ${ajv.errorsText(patchSchema.errors)}`,
            );
          }
        }
      }
    });

    it(`${type.type}: the schema refuses out-of-range numbers the checks refuse`, () => {
      for (const [prop, spec] of Object.entries({ ...COMMON_PROPS, ...type.props })) {
        if (spec.kind !== 'px' && spec.kind !== 'number') continue;
        const layer = { ...base, type: type.type, [prop]: spec.max + 1 };
        const { problems } = validateDesign({ width: 100, height: 100, layers: [layer] });
        assert.ok(
          problems.some((p) => p.path === `layers.0.${prop}`),
          `${type.type}.${prop}`,
        );
        assert.equal(designSchema(layer), false, `${type.type}.${prop} above max`);
        assert.equal(patchSchema({ [prop]: spec.max + 1 }), false, `${type.type}.${prop} patch`);
      }
    });
  }
});
