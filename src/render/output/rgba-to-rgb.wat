;; RGBA → RGB for opaque pixels, 16 pixels per step with SIMD shuffles. Source of the bytes in
;; rgba-to-rgb.ts: after a change, run `node scripts/build-wasm.mjs` (test/unit/rgba-to-rgb.test.ts
;; fails while the two differ).
(module
  (memory (export "memory") 2)
  ;; Writes the R, G and B bytes of `n` RGBA pixels at `src` to `dst` (3n bytes).
  (func (export "rgbaToRgb") (param $src i32) (param $dst i32) (param $n i32)
    (local $end i32)
    ;; 16 pixels (4 vectors of 16 bytes) become 48 bytes (3 vectors): each output vector takes
    ;; its bytes from two neighbouring input vectors, skipping every fourth byte (the alpha).
    (local.set $end
      (i32.add (local.get $src) (i32.shl (i32.and (local.get $n) (i32.const -16)) (i32.const 2))))
    (block $done
      (loop $step
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        (v128.store (local.get $dst)
          (i8x16.shuffle 0 1 2 4 5 6 8 9 10 12 13 14 16 17 18 20
            (v128.load (local.get $src)) (v128.load offset=16 (local.get $src))))
        (v128.store offset=16 (local.get $dst)
          (i8x16.shuffle 5 6 8 9 10 12 13 14 16 17 18 20 21 22 24 25
            (v128.load offset=16 (local.get $src)) (v128.load offset=32 (local.get $src))))
        (v128.store offset=32 (local.get $dst)
          (i8x16.shuffle 10 12 13 14 16 17 18 20 21 22 24 25 26 28 29 30
            (v128.load offset=32 (local.get $src)) (v128.load offset=48 (local.get $src))))
        (local.set $src (i32.add (local.get $src) (i32.const 64)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 48)))
        (br $step)))
    ;; The last n mod 16 pixels one at a time.
    (local.set $end
      (i32.add (local.get $end) (i32.shl (i32.and (local.get $n) (i32.const 15)) (i32.const 2))))
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $src) (local.get $end)))
        (i32.store16 (local.get $dst) (i32.load16_u (local.get $src)))
        (i32.store8 offset=2 (local.get $dst) (i32.load8_u offset=2 (local.get $src)))
        (local.set $src (i32.add (local.get $src) (i32.const 4)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 3)))
        (br $tail))))
)
