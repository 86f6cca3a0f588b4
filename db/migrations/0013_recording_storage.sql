-- Recordings are read in slices (HTTP Range, 1 MiB pieces): stored uncompressed out of line, a
-- slice is read directly instead of decompressing everything before it. (Opus audio does not
-- compress anyway.) Rows written before keep their storage until rewritten.
ALTER TABLE call_recordings ALTER COLUMN content SET STORAGE EXTERNAL;
