run --pat maybe
