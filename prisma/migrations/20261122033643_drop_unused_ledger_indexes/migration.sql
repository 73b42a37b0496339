-- DropIndex
DROP INDEX "ledger_entry_txId_idx";

-- DropIndex
DROP INDEX "ledger_entry_mode_asset_idx";
