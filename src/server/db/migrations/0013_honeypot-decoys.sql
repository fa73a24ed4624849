CREATE TABLE "lead_decoys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_after" timestamp with time zone NOT NULL
);
