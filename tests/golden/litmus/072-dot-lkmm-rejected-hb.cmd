litmus -q --dot /dev/stdout tests/golden/litmus/inputs/lkmm-mp-fences-filtered.litmus
