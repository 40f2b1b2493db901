run --pat both --matrix
