#!/usr/bin/env bash
# Builds the libFuzzer targets into .build/fuzz: SheetKit (and LineBreak) compiled once with coverage and
# AddressSanitizer, then one executable per harness in Fuzz/Targets. Not part of `swift build`.
# Usage: Fuzz/build.sh [target...]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=.build/fuzz
mkdir -p "$OUT"
FLAGS=(-parse-as-library -O -sanitize=fuzzer,address -I "$OUT")
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(json config script simulate render compare clip export)

# A library is rebuilt when any of its sources is newer than its object.
stale() { local object=$1; shift; [ ! -f "$object" ] || [ -n "$(find "$@" -name '*.swift' -newer "$object" | head -1)" ]; }

if stale "$OUT/LineBreak.o" Sources/LineBreak; then
    echo "fuzz: compiling LineBreak"
    swiftc "${FLAGS[@]}" -wmo -module-name LineBreak -emit-module -emit-module-path "$OUT/LineBreak.swiftmodule" \
        -c $(find Sources/LineBreak -name '*.swift' | sort) -o "$OUT/LineBreak.o"
fi
if stale "$OUT/Legibility.o" Sources/Legibility; then
    echo "fuzz: compiling Legibility"
    swiftc "${FLAGS[@]}" -wmo -module-name Legibility -emit-module -emit-module-path "$OUT/Legibility.swiftmodule" \
        -c $(find Sources/Legibility -name '*.swift' | sort) -o "$OUT/Legibility.o"
fi
if stale "$OUT/Velocity.o" Sources/Velocity; then
    echo "fuzz: compiling Velocity"
    swiftc "${FLAGS[@]}" -wmo -module-name Velocity -emit-module -emit-module-path "$OUT/Velocity.swiftmodule" \
        -c $(find Sources/Velocity -name '*.swift' | sort) -o "$OUT/Velocity.o"
fi
if stale "$OUT/SheetKit.o" Sources/SheetKit Sources/LineBreak Sources/Legibility Sources/Velocity; then
    echo "fuzz: compiling SheetKit"
    swiftc "${FLAGS[@]}" -wmo -module-name SheetKit -emit-module -emit-module-path "$OUT/SheetKit.swiftmodule" \
        -c $(find Sources/SheetKit -name '*.swift' | sort) -o "$OUT/SheetKit.o"
fi
# The pixel targets (render, compare, clip) also need the drawing modules; clip needs Platform and its C libraries.
needs_pixels() { case $1 in render|compare|clip) return 0 ;; *) return 1 ;; esac; }
PIXELS=0; PLATFORM=0
for t in "${TARGETS[@]}"; do needs_pixels "$t" && PIXELS=1; [ "$t" = clip ] && PLATFORM=1; done
C_FLAGS=()
for c in CSDL2 CSDL2TTF CSDL2Image CWebP CGIF CPNG CDeflate; do C_FLAGS+=(-I "Sources/$c"); done
C_FLAGS+=(-I Sources/CPixelKernels/include)
for f in $(pkg-config --cflags sdl2 SDL2_ttf SDL2_image libwebpmux libpng libdeflate 2>/dev/null); do C_FLAGS+=(-Xcc "$f"); done
C_LIBS=(-lSDL2 -lSDL2_ttf -lSDL2_image -lwebpmux -lwebp -lgif -lpng -ldeflate)
module() {  # module NAME DEPENDENCY-FOLDERS...: Sources/NAME compiled once into $OUT/NAME.o
    local name=$1; shift
    if stale "$OUT/$name.o" "Sources/$name" "$@"; then
        echo "fuzz: compiling $name"
        swiftc "${FLAGS[@]}" "${C_FLAGS[@]}" -wmo -module-name "$name" -emit-module -emit-module-path "$OUT/$name.swiftmodule" \
            -c $(find "Sources/$name" -name '*.swift' | sort) -o "$OUT/$name.o"
    fi
}
if [ $PIXELS = 1 ]; then
    # Raster's AVX2 row kernels and SheetRender's body-row blitter: plain C, one object.
    if [ ! -f "$OUT/CPixelKernels.o" ] || [ -n "$(find Sources/CPixelKernels -newer "$OUT/CPixelKernels.o" | head -1)" ]; then
        echo "fuzz: compiling CPixelKernels"
        for c in Sources/CPixelKernels/*.c; do
            clang -O2 -fsanitize=address -I Sources/CPixelKernels/include -c "$c" -o "$OUT/$(basename "$c" .c).c.o"
        done
        ld -r "$OUT"/*.c.o -o "$OUT/CPixelKernels.o"
    fi
    module Raster Sources/LineBreak Sources/CPixelKernels Sources/Legibility
    module Scenes Sources/Raster Sources/LineBreak Sources/Legibility
    module SheetRender Sources/Scenes Sources/Raster Sources/SheetKit Sources/LineBreak Sources/CPixelKernels Sources/Legibility Sources/Velocity
fi
[ $PLATFORM = 1 ] && module Platform Sources/Raster Sources/LineBreak Sources/CPNG Sources/CDeflate Sources/CWebP Sources/CGIF

for t in "${TARGETS[@]}"; do
    exe="$OUT/fuzz-$t"
    objects=("$OUT/SheetKit.o" "$OUT/LineBreak.o" "$OUT/Legibility.o" "$OUT/Velocity.o")
    shared=(Fuzz/Targets/Common.swift)
    links=()
    if needs_pixels "$t"; then
        objects+=("$OUT/CPixelKernels.o" "$OUT/Raster.o" "$OUT/Scenes.o" "$OUT/SheetRender.o")
        shared+=(Fuzz/Targets/Pixels.swift)
    fi
    if [ "$t" = clip ]; then objects+=("$OUT/Platform.o"); links=("${C_LIBS[@]}"); fi
    fresh=1
    for dep in "${objects[@]}" "Fuzz/Targets/$t.swift" "${shared[@]}"; do [ "$exe" -nt "$dep" ] || fresh=0; done
    [ -f "$exe" ] && [ $fresh = 1 ] && continue
    echo "fuzz: linking fuzz-$t"
    swiftc "${FLAGS[@]}" "${C_FLAGS[@]}" -module-name "Fuzz_$t" "${shared[@]}" "Fuzz/Targets/$t.swift" \
        "${objects[@]}" "${links[@]}" -o "$OUT/fuzz-$t" 2> >(grep -v "Cannot export local symbol" >&2)
done
