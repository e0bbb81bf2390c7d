-- A company the sandbox's GST registry made up for a valid GSTIN not on its list (docs/product.md,
-- GST details; docs/decisions/0051): shown as sample data, never mistaken for a registered company.
ALTER TABLE companies ADD COLUMN sample INTEGER NOT NULL DEFAULT 0 CHECK (sample IN (0, 1));
