ALTER TABLE "knowledge_chunks" ADD COLUMN "embedding_dimensions" integer;--> statement-breakpoint
ALTER TABLE "knowledge_qa" ADD COLUMN "embedding_dimensions" integer;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'knowledge_chunks' AND column_name = 'embedding') THEN
    EXECUTE 'UPDATE knowledge_chunks SET embedding_dimensions = vector_dims(embedding) WHERE embedding IS NOT NULL';
    EXECUTE 'UPDATE knowledge_qa SET embedding_dimensions = vector_dims(embedding) WHERE embedding IS NOT NULL';
  END IF;
END $$;
