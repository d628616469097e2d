#!/bin/sh
# Records the expected findings of gol vet's test inputs with real go vet (Go 1.23):
#   tools/vet-record.sh interpreter/src/test/resources/vet/NAME.gol...
# rewrites each file's trailing "// Vet:" block with what `go vet` prints for a package-main copy
# (file names turned back into NAME.gol). A script-mode input (no package clause) starts with a
# comment line "// imports: fmt sync ..."; its copy replaces that line with the package clause,
# the imports and "func main() {" (so lines and columns stay) and closes main at the end.
GO=${GO:-/usr/lib/go-1.23/bin/go}
set -e
for f in "$@"; do
	name=$(basename "$f" .gol)
	tmp=$(mktemp -d)
	body=$(awk '/^\/\/ Vet:$/ {exit} {print}' "$f")
	printf '%s\n' "$body" > "$tmp/input.gol"
	if grep -q '^package ' "$tmp/input.gol"; then
		cp "$tmp/input.gol" "$tmp/$name.go"
	else
		imports=$(head -1 "$tmp/input.gol" | sed -n 's#^// imports:##p')
		{
			printf 'package main; import ('
			for i in $imports; do printf '"%s"; ' "$i"; done
			printf '); func main() {\n'
			tail -n +2 "$tmp/input.gol"
			printf '}\n'
		} > "$tmp/$name.go"
	fi
	out=$(cd "$tmp" && "$GO" vet "$name.go" 2>&1 | grep -v '^#' | perl -pe "s#(\./)?\Q$name\E\.go\b#$name.gol#g") || true
	{
		printf '%s\n' "$body"
		echo "// Vet:"
		if [ -n "$out" ]; then printf '%s\n' "$out" | sed 's#^#// #'; fi
	} > "$f"
	rm -rf "$tmp"
done
