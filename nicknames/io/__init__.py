"""Reading and writing files: tables, mail, the mapping file, the class list, the config, atomic outputs."""
