-- Ledger entries are immutable history: the trigger on ledger_entry refuses UPDATE and DELETE.
CREATE OR REPLACE FUNCTION ledger_entry_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries cannot be changed or deleted';
END;
$$ LANGUAGE plpgsql;
