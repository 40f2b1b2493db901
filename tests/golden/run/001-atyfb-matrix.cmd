run --pat both --summary
