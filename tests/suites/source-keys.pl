#!/usr/bin/perl
# tests/suites/source-keys.pl ROOT FILE...: every source key cited in FILE... has an entry in ROOT/docs/sources/*.md.
# Families come from docs/sources/README.md ("| `PFX-` |" rows, "| `KEY` |" for single keys);
# an entry is "### KEY ..." or a table row "| KEY | ...". Names that are rows of tables/*.def
# (the ordering rules' IDs such as A64-NRW) are the project's own, not keys.
use strict; use warnings;
my $root = shift; chdir $root or die "$root: $!\n";
my (%fam, %single, %def, %rowid);
open my $r, '<', 'docs/sources/README.md' or die "docs/sources/README.md: $!\n";
while (<$r>) {
	$fam{$1} = 1 if /^\|\s*`([A-Z][A-Z0-9]*)-`\s*\|/;
	$single{$1} = 1 if /^\|\s*`([A-Z][A-Za-z0-9.]*)`\s*\|/;
}
close $r;
for my $f (glob 'docs/sources/*.md') {
	open my $h, '<', $f or die "$f: $!\n";
	while (<$h>) {
		$def{$1} = "$f:$." if /^###\s+(\S+)/ || /^\|\s*(\S+)\s*\|/;
	}
}
for my $f (glob 'tables/*.def') {
	open my $h, '<', $f or die "$f: $!\n";
	while (<$h>) { $rowid{$1} = 1 if /^\s*[A-Z_]+\s*\(\s*([A-Za-z0-9-]+)\s*,/; }
}
my $fams = join '|', sort keys %fam;
my $singles = join '|', map { quotemeta } sort keys %single;
die "docs/sources/README.md names no key families\n" unless $fams;
for my $f (@ARGV) {
	next if $f =~ m{^docs/sources/} || !-f $f;
	open my $h, '<', $f or next;
	while (my $l = <$h>) {
		while ($l =~ /(?<![\w-])((?:$fams)-(?:[a-c](?:\.\d+)?(?![\w-])|[A-Z0-9][A-Z0-9.]*[a-z]?(?:-[A-Z0-9][A-Z0-9.]*[a-z]?)*))(?![\w-])/g) {
			my $k = $1; $k =~ s/\.+$//;
			# a range, TV-01..TV-15 or TV-35..37: both ends are keys
			my @ks = split /\.\./, $k;
			$ks[1] = ($ks[0] =~ /^(.*-)/)[0] . $ks[1] if @ks == 2 && $ks[1] =~ /^\d/;
			for my $e (@ks) {
				next if $rowid{$e} || $def{$e};
				print "$f:$.: cites $e, which has no entry in docs/sources/\n";
			}
		}
		if ($singles) {
			while ($l =~ /(?<![\w.-])\[?($singles)\]?(?![\w-])/g) {
				print "$f:$.: cites $1, which has no entry in docs/sources/\n" unless $def{$1};
			}
		}
	}
}
