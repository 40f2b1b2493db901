audit tests/captures/no-such-capture/mtrr.txt tests/captures/helbing-t400/mtrr.txt
