audit --root tests/captures/built-tree-missing/root --svg /dev/null
