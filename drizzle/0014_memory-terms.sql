CREATE TABLE `memory_terms` (
	`seq` integer PRIMARY KEY NOT NULL,
	`length` integer NOT NULL,
	`terms` text NOT NULL,
	FOREIGN KEY (`seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE cascade
);
