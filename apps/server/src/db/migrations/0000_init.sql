CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha" (
	"sn" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "city" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"latitude" numeric(10, 6),
	"longitude" numeric(10, 6),
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_policy" (
	"id" serial PRIMARY KEY NOT NULL,
	"house_id" integer NOT NULL,
	"building_property" text NOT NULL,
	"policy_start_date" date,
	"policy_end_date" date,
	"long_term" boolean DEFAULT false NOT NULL,
	"secondary_point" text DEFAULT '' NOT NULL,
	"secondary_award" text DEFAULT '' NOT NULL,
	"secondary_remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"gradient_color" text NOT NULL,
	"logo" text NOT NULL,
	"sub_logo" text NOT NULL,
	"favicon" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kef_phone" text DEFAULT '' NOT NULL,
	"max_customers_per_report" integer DEFAULT 5 NOT NULL,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "company_host" (
	"host" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"distributor_id" integer,
	"name" text NOT NULL,
	"sex" integer DEFAULT 0 NOT NULL,
	"phone" text NOT NULL,
	"tel_type" integer DEFAULT 0 NOT NULL,
	"anchor" text DEFAULT '#' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_image" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributor" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"credit_no" text NOT NULL,
	"business_license_pic" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"location_id" integer,
	"channel_user_id" integer,
	"manager_name" text DEFAULT '' NOT NULL,
	"manager_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributor_registration" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"company_license_name" text NOT NULL,
	"name" text NOT NULL,
	"credit_no" text NOT NULL,
	"manager_name" text NOT NULL,
	"manager_phone" text NOT NULL,
	"address" text NOT NULL,
	"business_license_pic" text NOT NULL,
	"location_id" integer,
	"channel_id" integer,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"distributor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite" (
	"user_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_user_id_house_id_pk" PRIMARY KEY("user_id","house_id")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"selling_status" text DEFAULT 'SELLING' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"package_price" numeric(14, 2),
	"average_price" numeric(14, 2),
	"building_diagram" text DEFAULT '' NOT NULL,
	"building_video" text DEFAULT '' NOT NULL,
	"building_vr" text DEFAULT '' NOT NULL,
	"building_address" text DEFAULT '' NOT NULL,
	"planned_area" numeric,
	"building_area" numeric,
	"planned_household" integer,
	"plot_ratio" numeric,
	"greening_rate" numeric,
	"property_fee" numeric,
	"property_company" text DEFAULT '' NOT NULL,
	"deliver_time" text DEFAULT '' NOT NULL,
	"project_introduction" text DEFAULT '' NOT NULL,
	"project_intro" text DEFAULT '' NOT NULL,
	"building_trait" text DEFAULT '' NOT NULL,
	"project_supporting" text DEFAULT '' NOT NULL,
	"longitude" numeric(10, 6),
	"latitude" numeric(10, 6),
	"on_site_tel" text DEFAULT '' NOT NULL,
	"report_lead_time" integer DEFAULT 30 NOT NULL,
	"report_protect_hours" integer DEFAULT 72 NOT NULL,
	"take_look_protect_hours" integer DEFAULT 720 NOT NULL,
	"rule_tel" text DEFAULT 'FULL' NOT NULL,
	"is_need_id_card" boolean DEFAULT false NOT NULL,
	"is_full_name" boolean DEFAULT false NOT NULL,
	"is_not_full_name" boolean DEFAULT false NOT NULL,
	"is_alert" boolean DEFAULT false NOT NULL,
	"special_hint_title" text DEFAULT '' NOT NULL,
	"special_tip" text DEFAULT '' NOT NULL,
	"incentive_policy" text DEFAULT '' NOT NULL,
	"incentive_time_str" text DEFAULT '' NOT NULL,
	"incentive_full" text DEFAULT '' NOT NULL,
	"house_record_tips" text DEFAULT '' NOT NULL,
	"commission_rule" text DEFAULT '' NOT NULL,
	"commission_policy" text DEFAULT '' NOT NULL,
	"external_link_version" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_contact" (
	"id" serial PRIMARY KEY NOT NULL,
	"house_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_feature" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_feature_link" (
	"house_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	CONSTRAINT "house_feature_link_house_id_feature_id_pk" PRIMARY KEY("house_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "house_picture" (
	"id" serial PRIMARY KEY NOT NULL,
	"house_id" integer NOT NULL,
	"unit_type_id" integer,
	"pic_type" text NOT NULL,
	"album_name" text NOT NULL,
	"pic_url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_unit_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"house_id" integer NOT NULL,
	"type_name" text NOT NULL,
	"type_thumb" text DEFAULT '' NOT NULL,
	"type_description" text DEFAULT '' NOT NULL,
	"type_theme" text DEFAULT '' NOT NULL,
	"discount_policy" text DEFAULT '' NOT NULL,
	"floor_area" numeric,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"company_id" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_company_id_scope_key_pk" PRIMARY KEY("company_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "index_banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"city_id" integer,
	"image" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_column" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"city_id" integer,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"more_link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_column_house" (
	"column_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "index_column_house_column_id_house_id_pk" PRIMARY KEY("column_id","house_id")
);
--> statement-breakpoint
CREATE TABLE "index_nav" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"icon" text NOT NULL,
	"feature_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"customer_sex" integer DEFAULT 0 NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_phone_masked" text NOT NULL,
	"customer_tel_type" integer DEFAULT 0 NOT NULL,
	"customer_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reporter_id" integer NOT NULL,
	"distributor_id" integer,
	"shop_manager_id" integer,
	"channel_user_id" integer,
	"auditor_id" integer,
	"dk_name" text DEFAULT '' NOT NULL,
	"dk_phone" text DEFAULT '' NOT NULL,
	"visitor_num" integer DEFAULT 1 NOT NULL,
	"reception" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"estimated_visit_time" timestamp with time zone NOT NULL,
	"visit_time" timestamp with time zone,
	"status" text DEFAULT 'RECORDSTART' NOT NULL,
	"approval_result" text DEFAULT '' NOT NULL,
	"protect_until" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submission_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audit_at" timestamp with time zone,
	"operate_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_approval" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"status" text NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"user_phone" text DEFAULT '' NOT NULL,
	"approval_result" text DEFAULT '' NOT NULL,
	"visit_time" timestamp with time zone,
	"estimated_visit_time" timestamp with time zone,
	"visitor_num" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_dynamic" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"remark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_image" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"url" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "share_visit" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"share_user_id" integer NOT NULL,
	"visitor_user_id" integer,
	"openid" text DEFAULT '' NOT NULL,
	"side" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"distributor_id" integer,
	"role" text NOT NULL,
	"distributor_control" boolean DEFAULT false NOT NULL,
	"shop_name" text DEFAULT '' NOT NULL,
	"manager_id" integer,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"sex" integer DEFAULT 0 NOT NULL,
	"resume" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"manage_area" text DEFAULT '' NOT NULL,
	"vacation" integer DEFAULT 0 NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identity" (
	"company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identity_company_id_provider_subject_pk" PRIMARY KEY("company_id","provider","subject")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city" ADD CONSTRAINT "city_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_policy" ADD CONSTRAINT "commission_policy_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_host" ADD CONSTRAINT "company_host_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_distributor_id_distributor_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_image" ADD CONSTRAINT "customer_image_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor" ADD CONSTRAINT "distributor_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor" ADD CONSTRAINT "distributor_location_id_city_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."city"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor" ADD CONSTRAINT "distributor_channel_user_id_user_id_fk" FOREIGN KEY ("channel_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_registration" ADD CONSTRAINT "distributor_registration_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_registration" ADD CONSTRAINT "distributor_registration_location_id_city_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."city"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_registration" ADD CONSTRAINT "distributor_registration_channel_id_user_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_registration" ADD CONSTRAINT "distributor_registration_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_registration" ADD CONSTRAINT "distributor_registration_distributor_id_distributor_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite" ADD CONSTRAINT "favorite_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite" ADD CONSTRAINT "favorite_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house" ADD CONSTRAINT "house_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house" ADD CONSTRAINT "house_city_id_city_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."city"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_contact" ADD CONSTRAINT "house_contact_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_feature" ADD CONSTRAINT "house_feature_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_feature_link" ADD CONSTRAINT "house_feature_link_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_feature_link" ADD CONSTRAINT "house_feature_link_feature_id_house_feature_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."house_feature"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_picture" ADD CONSTRAINT "house_picture_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_picture" ADD CONSTRAINT "house_picture_unit_type_id_house_unit_type_id_fk" FOREIGN KEY ("unit_type_id") REFERENCES "public"."house_unit_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_unit_type" ADD CONSTRAINT "house_unit_type_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_banner" ADD CONSTRAINT "index_banner_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_banner" ADD CONSTRAINT "index_banner_city_id_city_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."city"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_column" ADD CONSTRAINT "index_column_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_column" ADD CONSTRAINT "index_column_city_id_city_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."city"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_column_house" ADD CONSTRAINT "index_column_house_column_id_index_column_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."index_column"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_column_house" ADD CONSTRAINT "index_column_house_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_nav" ADD CONSTRAINT "index_nav_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_nav" ADD CONSTRAINT "index_nav_feature_id_house_feature_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."house_feature"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_distributor_id_distributor_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_shop_manager_id_user_id_fk" FOREIGN KEY ("shop_manager_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_channel_user_id_user_id_fk" FOREIGN KEY ("channel_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_auditor_id_user_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_approval" ADD CONSTRAINT "record_approval_record_id_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_approval" ADD CONSTRAINT "record_approval_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_dynamic" ADD CONSTRAINT "record_dynamic_record_id_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_dynamic" ADD CONSTRAINT "record_dynamic_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_image" ADD CONSTRAINT "record_image_record_id_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_image" ADD CONSTRAINT "record_image_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visit" ADD CONSTRAINT "share_visit_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visit" ADD CONSTRAINT "share_visit_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visit" ADD CONSTRAINT "share_visit_share_user_id_user_id_fk" FOREIGN KEY ("share_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visit" ADD CONSTRAINT "share_visit_visitor_user_id_user_id_fk" FOREIGN KEY ("visitor_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_code" ADD CONSTRAINT "sms_code_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_distributor_id_distributor_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_manager_id_user_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identity" ADD CONSTRAINT "user_identity_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identity" ADD CONSTRAINT "user_identity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("company_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "city_company_idx" ON "city" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE INDEX "commission_policy_house_idx" ON "commission_policy" USING btree ("house_id","building_property");--> statement-breakpoint
CREATE INDEX "customer_owner_idx" ON "customer" USING btree ("company_id","owner_id");--> statement-breakpoint
CREATE INDEX "customer_phone_idx" ON "customer" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "customer_image_customer_idx" ON "customer_image" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_credit_no_uq" ON "distributor" USING btree ("company_id","credit_no");--> statement-breakpoint
CREATE INDEX "distributor_channel_idx" ON "distributor" USING btree ("company_id","channel_user_id");--> statement-breakpoint
CREATE INDEX "registration_status_idx" ON "distributor_registration" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "house_company_city_idx" ON "house" USING btree ("company_id","city_id");--> statement-breakpoint
CREATE INDEX "house_company_sort_idx" ON "house" USING btree ("company_id","sort","id");--> statement-breakpoint
CREATE INDEX "house_contact_house_idx" ON "house_contact" USING btree ("house_id");--> statement-breakpoint
CREATE INDEX "feature_link_feature_idx" ON "house_feature_link" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "house_picture_house_idx" ON "house_picture" USING btree ("house_id");--> statement-breakpoint
CREATE INDEX "house_unit_type_house_idx" ON "house_unit_type" USING btree ("house_id");--> statement-breakpoint
CREATE INDEX "index_banner_company_idx" ON "index_banner" USING btree ("company_id","city_id");--> statement-breakpoint
CREATE INDEX "index_column_company_idx" ON "index_column" USING btree ("company_id","city_id");--> statement-breakpoint
CREATE INDEX "record_company_status_idx" ON "record" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "record_reporter_idx" ON "record" USING btree ("company_id","reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "record_distributor_idx" ON "record" USING btree ("company_id","distributor_id","created_at");--> statement-breakpoint
CREATE INDEX "record_shop_manager_idx" ON "record" USING btree ("company_id","shop_manager_id");--> statement-breakpoint
CREATE INDEX "record_auditor_idx" ON "record" USING btree ("company_id","auditor_id","status");--> statement-breakpoint
CREATE INDEX "record_channel_idx" ON "record" USING btree ("company_id","channel_user_id");--> statement-breakpoint
CREATE INDEX "record_duplicate_idx" ON "record" USING btree ("house_id","customer_phone_masked");--> statement-breakpoint
CREATE INDEX "record_approval_record_idx" ON "record_approval" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "record_dynamic_record_idx" ON "record_dynamic" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "record_image_record_idx" ON "record_image" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "share_visit_sharer_idx" ON "share_visit" USING btree ("company_id","share_user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("company_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_ip_idx" ON "sms_code" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "upload_user_idx" ON "upload" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_company_phone_uq" ON "user" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "user_distributor_idx" ON "user" USING btree ("company_id","distributor_id");--> statement-breakpoint
CREATE INDEX "user_manager_idx" ON "user" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "user_role_idx" ON "user" USING btree ("company_id","role");--> statement-breakpoint
CREATE INDEX "identity_user_idx" ON "user_identity" USING btree ("user_id");