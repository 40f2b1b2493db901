litmus --check-aarch64 -j litmus/lkmm/SB+atomicxchgs.litmus litmus/lkmm/Compat-ampersand-in-code.litmus
