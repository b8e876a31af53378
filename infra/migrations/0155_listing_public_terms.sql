-- The tenancy terms a visitor may see (issue 18): move-in date, preferred tenants, food and facing.
-- Furnishing, pets and parking are facilities, deposit and maintenance are money: those stay
-- in the full model only, as SPEC §1 keeps facilities and rent from visitors. NULL: none given.
ALTER TABLE listing_public ADD COLUMN IF NOT EXISTS terms jsonb;
