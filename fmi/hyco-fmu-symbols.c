/* hyco-fmu-symbols.c: an FMU's shared library checked and its exported FMI functions listed,
 * from its ELF headers and dynamic symbol table (libelf), without loading it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu-symbols.h"
#include "hyco-fmu-error.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <string.h>
#include <unistd.h>

struct _HycoFmuSymbols
{
  GHashTable *names; /* the FMI functions exported: "fmi2DoStep" -> itself */
};

/* The machine this process runs on, as an ELF header names it; 0 where not known here (the
 * machine is then not checked: the loader still refuses a wrong one when the FMU is run). */
#if defined(__x86_64__)
#define NATIVE_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define NATIVE_MACHINE EM_AARCH64
#elif defined(__i386__)
#define NATIVE_MACHINE EM_386
#elif defined(__arm__)
#define NATIVE_MACHINE EM_ARM
#elif defined(__riscv)
#define NATIVE_MACHINE EM_RISCV
#elif defined(__powerpc64__)
#define NATIVE_MACHINE EM_PPC64
#elif defined(__s390x__)
#define NATIVE_MACHINE EM_S390
#elif defined(__loongarch__)
#define NATIVE_MACHINE EM_LOONGARCH
#elif defined(__mips__)
#define NATIVE_MACHINE EM_MIPS
#else
#define NATIVE_MACHINE 0
#endif
#define NATIVE_CLASS (GLIB_SIZEOF_VOID_P == 8 ? ELFCLASS64 : ELFCLASS32)
#define NATIVE_DATA (G_BYTE_ORDER == G_LITTLE_ENDIAN ? ELFDATA2LSB : ELFDATA2MSB)

/* A machine as people name it: "AArch64", not 183. */
static char *
machine_name (guint machine)
{
  static const struct
  {
    guint machine;
    const char *name;
  } names[] = {
    { EM_X86_64, "x86-64" },     { EM_386, "i386" },        { EM_AARCH64, "AArch64" },
    { EM_ARM, "32-bit ARM" },    { EM_RISCV, "RISC-V" },    { EM_PPC64, "64-bit PowerPC" },
    { EM_PPC, "PowerPC" },       { EM_S390, "S/390" },      { EM_LOONGARCH, "LoongArch" },
    { EM_MIPS, "MIPS" },         { EM_SPARCV9, "SPARC V9" }, { EM_IA_64, "IA-64" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (names[i].machine == machine)
      return g_strdup (names[i].name);
  return g_strdup_printf ("ELF machine %u", machine);
}

static const char *
type_name (guint type)
{
  switch (type)
    {
    case ET_EXEC:
      return "an executable program";
    case ET_REL:
      return "an object file, not linked";
    case ET_CORE:
      return "a core dump";
    default:
      return "not a shared library";
    }
}

/* The library's first words, as the dynamic loader would check them. */
static gboolean
check_header (Elf *elf, const char *fmu_path, const char *name, GError **error)
{
  GElf_Ehdr header;
  int elf_class;

  if (elf_kind (elf) != ELF_K_ELF || gelf_getehdr (elf, &header) == NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: %s does not load: %s: invalid ELF header (not a shared library)", fmu_path,
                   name, name);
      return FALSE;
    }
  elf_class = gelf_getclass (elf);
  if (elf_class != NATIVE_CLASS)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: %s is a %s library, and this machine runs %s ones", fmu_path, name,
                   elf_class == ELFCLASS64 ? "64-bit" : "32-bit",
                   NATIVE_CLASS == ELFCLASS64 ? "64-bit" : "32-bit");
      return FALSE;
    }
  if (header.e_ident[EI_DATA] != NATIVE_DATA)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: %s is a %s-endian library, and this machine is %s-endian", fmu_path, name,
                   header.e_ident[EI_DATA] == ELFDATA2MSB ? "big" : "little",
                   NATIVE_DATA == ELFDATA2MSB ? "big" : "little");
      return FALSE;
    }
  if (NATIVE_MACHINE != 0 && header.e_machine != NATIVE_MACHINE)
    {
      g_autofree char *theirs = machine_name (header.e_machine);
      g_autofree char *ours = machine_name (NATIVE_MACHINE);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: %s is a library for %s, not for this machine (%s)", fmu_path, name, theirs,
                   ours);
      return FALSE;
    }
  if (header.e_type != ET_DYN)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: %s does not load: %s: %s", fmu_path, name, name,
                   type_name (header.e_type));
      return FALSE;
    }
  return TRUE;
}

/* Whether the dynamic loader finds @symbol by its name: defined in the library, global or weak,
 * visible, and code or data (not a section's or the file's name). */
static gboolean
is_exported (const GElf_Sym *symbol)
{
  int binding = GELF_ST_BIND (symbol->st_info);
  int type = GELF_ST_TYPE (symbol->st_info);
  int visibility = GELF_ST_VISIBILITY (symbol->st_other);

  return symbol->st_shndx != SHN_UNDEF
         && (binding == STB_GLOBAL || binding == STB_WEAK || binding == STB_GNU_UNIQUE)
         && type != STT_SECTION && type != STT_FILE
         && (visibility == STV_DEFAULT || visibility == STV_PROTECTED);
}

/* The FMI functions of the dynamic symbol table (SHT_DYNSYM: what dlsym() searches). A library
 * without one exports nothing. Only names of the FMI standards are kept: a library may export
 * many other symbols. */
static gboolean
read_symbols (Elf *elf, GHashTable *names, const char *fmu_path, const char *name, GError **error)
{
  Elf_Scn *section = NULL;

  while ((section = elf_nextscn (elf, section)) != NULL)
    {
      GElf_Shdr header;
      Elf_Data *data;
      gsize n;

      if (gelf_getshdr (section, &header) == NULL || header.sh_type != SHT_DYNSYM)
        continue;
      data = elf_getdata (section, NULL);
      if (data == NULL || header.sh_entsize == 0)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                       "%s: %s does not load: %s: its dynamic symbol table is damaged (%s)",
                       fmu_path, name, name, elf_errmsg (-1));
          return FALSE;
        }
      n = data->d_size / header.sh_entsize;
      for (gsize i = 0; i < n; i++)
        {
          GElf_Sym symbol;
          const char *text;

          if (gelf_getsym (data, (int) MIN (i, G_MAXINT), &symbol) == NULL || i > G_MAXINT)
            break;
          if (!is_exported (&symbol))
            continue;
          text = elf_strptr (elf, header.sh_link, symbol.st_name);
          if (text != NULL && (g_str_has_prefix (text, "fmi2") || g_str_has_prefix (text, "fmi3")))
            g_hash_table_add (names, g_strdup (text));
        }
    }
  return TRUE;
}

HycoFmuSymbols *
_hyco_fmu_symbols_read (const char *library, const char *fmu_path, const char *name,
                        GError **error)
{
  g_autoptr (HycoFmuSymbols) self = NULL;
  Elf *elf;
  int fd;
  gboolean ok;

  g_return_val_if_fail (library != NULL && fmu_path != NULL && name != NULL, NULL);

  if (elf_version (EV_CURRENT) == EV_NONE)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: %s cannot be read: %s", fmu_path, name, elf_errmsg (-1));
      return NULL;
    }
  fd = open (library, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: %s cannot be read: %s", fmu_path, name, g_strerror (saved));
      return NULL;
    }
  /* Read, not mapped: the file is the FMU's, unpacked by us, and read once. */
  elf = elf_begin (fd, ELF_C_READ, NULL);
  self = g_new0 (HycoFmuSymbols, 1);
  self->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ok = elf != NULL ? check_header (elf, fmu_path, name, error)
                        && read_symbols (elf, self->names, fmu_path, name, error)
                   : check_header (NULL, fmu_path, name, error);
  if (elf != NULL)
    elf_end (elf);
  close (fd);
  return ok ? g_steal_pointer (&self) : NULL;
}

gboolean
_hyco_fmu_symbols_has (const HycoFmuSymbols *self, const char *symbol)
{
  g_return_val_if_fail (self != NULL && symbol != NULL, FALSE);

  return g_hash_table_contains (self->names, symbol);
}

void
_hyco_fmu_symbols_free (HycoFmuSymbols *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->names, g_hash_table_unref);
  g_free (self);
}
