;; Min and max of each pixel of 16-bit samples, eight samples at a time (WebAssembly 128-bit SIMD).
;; Built into foldPixels.ts (as base64) by: npx -p wabt@1.0.39 wat2wasm foldPixels.wat (SIMD is on by default)
;; fold(src, pixels, spp, dst): for each of `pixels` runs of `spp` samples from byte `src`, writes
;; its min then its max as 16-bit values from byte `dst`.
(module
  (memory (export "memory") 1)
  (func (export "fold") (param $src i32) (param $pixels i32) (param $spp i32) (param $dst i32)
    (local $end i32) (local $vend i32) (local $min i32) (local $max i32) (local $s i32) (local $dstEnd i32)
    (local $vmin v128) (local $vmax v128)
    local.get $dst
    local.get $pixels
    i32.const 2
    i32.shl
    i32.add
    local.set $dstEnd
    block $done
      local.get $dst
      local.get $dstEnd
      i32.ge_u
      br_if $done
      loop $pixel
        local.get $src
        local.get $spp
        i32.const 1
        i32.shl
        i32.add
        local.set $end
        local.get $src
        local.get $spp
        i32.const -8
        i32.and
        i32.const 1
        i32.shl
        i32.add
        local.set $vend
        i32.const 32767
        i16x8.splat
        local.set $vmin
        i32.const -32768
        i16x8.splat
        local.set $vmax
        block $vdone
          local.get $src
          local.get $vend
          i32.ge_u
          br_if $vdone
          loop $vec
            local.get $vmin
            local.get $src
            v128.load align=1
            i16x8.min_s
            local.set $vmin
            local.get $vmax
            local.get $src
            v128.load align=1
            i16x8.max_s
            local.set $vmax
            local.get $src
            i32.const 16
            i32.add
            local.tee $src
            local.get $vend
            i32.lt_u
            br_if $vec
          end
        end
        local.get $vmin
        local.get $vmin
        local.get $vmin
        i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
        i16x8.min_s
        local.set $vmin
        local.get $vmin
        local.get $vmin
        local.get $vmin
        i8x16.shuffle 4 5 6 7 0 1 2 3 12 13 14 15 8 9 10 11
        i16x8.min_s
        local.set $vmin
        local.get $vmin
        local.get $vmin
        local.get $vmin
        i8x16.shuffle 2 3 0 1 6 7 4 5 10 11 8 9 14 15 12 13
        i16x8.min_s
        i16x8.extract_lane_s 0
        local.set $min
        local.get $vmax
        local.get $vmax
        local.get $vmax
        i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
        i16x8.max_s
        local.set $vmax
        local.get $vmax
        local.get $vmax
        local.get $vmax
        i8x16.shuffle 4 5 6 7 0 1 2 3 12 13 14 15 8 9 10 11
        i16x8.max_s
        local.set $vmax
        local.get $vmax
        local.get $vmax
        local.get $vmax
        i8x16.shuffle 2 3 0 1 6 7 4 5 10 11 8 9 14 15 12 13
        i16x8.max_s
        i16x8.extract_lane_s 0
        local.set $max
        block $sdone
          local.get $src
          local.get $end
          i32.ge_u
          br_if $sdone
          loop $sc
            local.get $src
            i32.load16_s
            local.set $s
            local.get $s
            local.get $min
            local.get $s
            local.get $min
            i32.lt_s
            select
            local.set $min
            local.get $s
            local.get $max
            local.get $s
            local.get $max
            i32.gt_s
            select
            local.set $max
            local.get $src
            i32.const 2
            i32.add
            local.tee $src
            local.get $end
            i32.lt_u
            br_if $sc
          end
        end
        local.get $dst
        local.get $min
        i32.store16
        local.get $dst
        local.get $max
        i32.store16 offset=2
        local.get $dst
        i32.const 4
        i32.add
        local.tee $dst
        local.get $dstEnd
        i32.lt_u
        br_if $pixel
      end
    end))
