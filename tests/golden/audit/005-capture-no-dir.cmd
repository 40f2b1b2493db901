capture
