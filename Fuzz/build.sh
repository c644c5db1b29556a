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
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(json config script simulate)

# A library is rebuilt when any of its sources is newer than its object.
stale() { local object=$1; shift; [ ! -f "$object" ] || [ -n "$(find "$@" -name '*.swift' -newer "$object" | head -1)" ]; }

if stale "$OUT/LineBreak.o" Sources/LineBreak; then
    echo "fuzz: compiling LineBreak"
    swiftc "${FLAGS[@]}" -wmo -module-name LineBreak -emit-module -emit-module-path "$OUT/LineBreak.swiftmodule" \
        -c $(find Sources/LineBreak -name '*.swift' | sort) -o "$OUT/LineBreak.o"
fi
if stale "$OUT/SheetKit.o" Sources/SheetKit Sources/LineBreak; then
    echo "fuzz: compiling SheetKit"
    swiftc "${FLAGS[@]}" -wmo -module-name SheetKit -emit-module -emit-module-path "$OUT/SheetKit.swiftmodule" \
        -c $(find Sources/SheetKit -name '*.swift' | sort) -o "$OUT/SheetKit.o"
fi
for t in "${TARGETS[@]}"; do
    exe="$OUT/fuzz-$t"
    if [ -f "$exe" ] && [ "$exe" -nt "$OUT/SheetKit.o" ] && [ "$exe" -nt "Fuzz/Targets/$t.swift" ] && [ "$exe" -nt Fuzz/Targets/Common.swift ]; then
        continue
    fi
    echo "fuzz: linking fuzz-$t"
    swiftc "${FLAGS[@]}" -module-name "Fuzz_$t" Fuzz/Targets/Common.swift "Fuzz/Targets/$t.swift" \
        "$OUT/SheetKit.o" "$OUT/LineBreak.o" -o "$OUT/fuzz-$t" 2> >(grep -v "Cannot export local symbol" >&2)
done
