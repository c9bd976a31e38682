/* hyco-registry.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-kernel.h"

/* Class names as model files write them. A Ptolemy II fully qualified name
 * (ptolemy.domains.continuous.lib.DiscreteClock) is looked up as it is first, so that a module
 * can register a class under it when Ptolemy has two classes of one short name, and then by
 * its last component (ptolemy.actor.lib.Const is Const). */

static GHashTable *by_name; /* char* -> GType */
static GHashTable *names;   /* GType -> first registered name */
G_LOCK_DEFINE_STATIC (registry);

static void
ensure_tables (void)
{
  if (by_name == NULL)
    {
      by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      names = g_hash_table_new (NULL, NULL);
    }
}

/**
 * hyco_registry_register:
 * @name: the class name model files use
 * @type: an actor or director #GType
 *
 * Makes @type available by @name; the first name registered for a type is its canonical one.
 */
void
hyco_registry_register (const char *name, GType type)
{
  g_return_if_fail (name != NULL);
  g_return_if_fail (g_type_is_a (type, HYCO_TYPE_ACTOR) || g_type_is_a (type, HYCO_TYPE_DIRECTOR));
  G_LOCK (registry);
  ensure_tables ();
  g_hash_table_replace (by_name, g_strdup (name), GSIZE_TO_POINTER (type));
  if (!g_hash_table_contains (names, GSIZE_TO_POINTER (type)))
    g_hash_table_insert (names, GSIZE_TO_POINTER (type), (gpointer) g_intern_string (name));
  G_UNLOCK (registry);
}

/**
 * hyco_registry_register_alias:
 * @name: another name model files use for @type, typically a Ptolemy II fully qualified name
 *   (`ptolemy.domains.continuous.lib.DiscreteClock`)
 * @type: an actor or director #GType
 *
 * Makes @type available by @name too, without making @name its canonical name (the one files
 * are saved with and `hyco actors` lists). A fully qualified name is looked up before the
 * last component of the name a file gives, so that two Ptolemy classes of one short name can
 * map to two Hyco classes.
 */
void
hyco_registry_register_alias (const char *name, GType type)
{
  g_return_if_fail (name != NULL);
  g_return_if_fail (g_type_is_a (type, HYCO_TYPE_ACTOR) || g_type_is_a (type, HYCO_TYPE_DIRECTOR));
  G_LOCK (registry);
  ensure_tables ();
  g_hash_table_replace (by_name, g_strdup (name), GSIZE_TO_POINTER (type));
  G_UNLOCK (registry);
}

static GPtrArray *pending_modules; /* HycoModuleInit, not yet run */

/**
 * hyco_registry_add_module: (skip)
 * @init: the module's registration function
 *
 * Makes a module known to the registry, as a GStreamer plugin is: @init runs (once) before
 * the next class lookup, under no lock, so it may call hyco_registry_register().
 */
void
hyco_registry_add_module (HycoModuleInit init)
{
  g_return_if_fail (init != NULL);
  G_LOCK (registry);
  if (pending_modules == NULL)
    pending_modules = g_ptr_array_new ();
  g_ptr_array_add (pending_modules, (gpointer) init);
  G_UNLOCK (registry);
}

/**
 * hyco_registry_ensure_modules:
 *
 * Runs the registration of every module added so far that has not run yet, and registers
 * the kernel's own composite classes. Lookups do it themselves.
 */
void
hyco_registry_ensure_modules (void)
{
  static GMutex running; /* one thread registers; the others wait until it is done */
  g_autoptr (GPtrArray) modules = NULL;

  g_mutex_lock (&running);
  G_LOCK (registry);
  ensure_tables ();
  if (!g_hash_table_contains (by_name, "CompositeActor"))
    {
      /* GLib 2.74 sets up the C locale of its number parsers on first use, and threads that
       * parse their first numbers together were seen (under helgrind) to get a spurious
       * failure: parse once here, on the one thread that registers. */
      gint64 integer;
      g_ascii_string_to_signed ("1", 10, 0, 1, &integer, NULL);
      g_ascii_string_to_unsigned ("1", 10, 0, 1, NULL, NULL);
      (void) g_ascii_strtod ("1", NULL);
      g_hash_table_replace (by_name, g_strdup ("CompositeActor"),
                            GSIZE_TO_POINTER (HYCO_TYPE_COMPOSITE_ACTOR));
      g_hash_table_replace (by_name, g_strdup ("TypedCompositeActor"),
                            GSIZE_TO_POINTER (HYCO_TYPE_COMPOSITE_ACTOR));
      g_hash_table_insert (names, GSIZE_TO_POINTER (HYCO_TYPE_COMPOSITE_ACTOR),
                           (gpointer) g_intern_static_string ("CompositeActor"));
    }
  modules = g_steal_pointer (&pending_modules);
  G_UNLOCK (registry);
  for (guint i = 0; modules != NULL && i < modules->len; i++)
    ((HycoModuleInit) modules->pdata[i]) ();
  g_mutex_unlock (&running);
}

/**
 * hyco_registry_lookup:
 * @name: a class name, or a Ptolemy II fully qualified name
 *
 * Looks @name up as it is, then (for a fully qualified name) by its last component.
 *
 * Returns: the registered #GType, or %G_TYPE_INVALID
 */
GType
hyco_registry_lookup (const char *name)
{
  gpointer type = NULL;
  const char *dot;

  g_return_val_if_fail (name != NULL, G_TYPE_INVALID);
  hyco_registry_ensure_modules ();
  G_LOCK (registry);
  type = g_hash_table_lookup (by_name, name);
  dot = strrchr (name, '.');
  if (type == NULL && dot != NULL)
    type = g_hash_table_lookup (by_name, dot + 1);
  G_UNLOCK (registry);
  return GPOINTER_TO_SIZE (type);
}

/**
 * hyco_registry_get_name:
 * @type: a registered #GType
 *
 * Gets the class name under which a type was registered with the registry, as model files name it.
 *
 * Returns: (nullable): the type's canonical class name
 */
const char *
hyco_registry_get_name (GType type)
{
  const char *name;

  hyco_registry_ensure_modules ();
  G_LOCK (registry);
  name = g_hash_table_lookup (names, GSIZE_TO_POINTER (type));
  G_UNLOCK (registry);
  return name;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/**
 * hyco_registry_list:
 *
 * Lists the actor and director classes model files can name, as `hyco actors` shows them.
 *
 * Returns: (transfer container) (element-type utf8): the canonical names of all registered
 *   classes, sorted
 */
GPtrArray *
hyco_registry_list (void)
{
  GPtrArray *list = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;

  hyco_registry_ensure_modules ();
  G_LOCK (registry);
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (list, value);
  G_UNLOCK (registry);
  g_ptr_array_sort (list, compare_names);
  return list;
}

/**
 * hyco_registry_list_aliases:
 * @type: a registered #GType
 *
 * The other names a model file may give the class (`Scale` for `Gain`), Ptolemy II's fully
 * qualified names left out.
 *
 * Returns: (transfer full) (element-type utf8): the names, sorted
 */
GPtrArray *
hyco_registry_list_aliases (GType type)
{
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key, value;
  const char *canonical;

  hyco_registry_ensure_modules ();
  G_LOCK (registry);
  canonical = g_hash_table_lookup (names, GSIZE_TO_POINTER (type));
  g_hash_table_iter_init (&iter, by_name);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if ((GType) GPOINTER_TO_SIZE (value) == type && g_strcmp0 (key, canonical) != 0
        && strchr (key, '.') == NULL)
      g_ptr_array_add (list, g_strdup (key));
  G_UNLOCK (registry);
  g_ptr_array_sort (list, compare_names);
  return list;
}

/* Ptolemy II classes whose Hyco equivalent has another name: what an unknown class's message
 * suggests before looking for a name that is merely spelt alike. */
static const struct
{
  const char *ptolemy;
  const char *hyco;
} equivalents[] = {
  { "LogicGate", "LogicalOperator" },
  { "LogicFunction", "LogicalOperator" },
};

/* Levenshtein distance, case-insensitive: a misspelt class name is usually a letter or two
 * away. */
static guint
edit_distance (const char *a, const char *b)
{
  gsize n = strlen (b);
  g_autofree guint *row = g_new (guint, n + 1);

  for (gsize j = 0; j <= n; j++)
    row[j] = (guint) j;
  for (gsize i = 1; a[i - 1] != '\0'; i++)
    {
      guint diagonal = row[0];

      row[0] = (guint) i;
      for (gsize j = 1; j <= n; j++)
        {
          guint above = row[j];
          guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + cost);
          diagonal = above;
        }
    }
  return row[n];
}

/**
 * hyco_registry_suggest:
 * @name: a class name that hyco_registry_lookup() does not know, or a Ptolemy II fully
 *   qualified one
 *
 * What an error about an unknown class suggests: the Hyco class equivalent to a Ptolemy II
 * class of another name, or else the registered names spelt most like @name's last component.
 *
 * Returns: (transfer full) (nullable): `"Adder"`, `"Const" or "Counter"`, or %NULL when no
 *   name comes close
 */
char *
hyco_registry_suggest (const char *name)
{
  const char *dot;
  const char *short_name;
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GString) text = NULL;
  guint best = G_MAXUINT;
  guint limit;

  g_return_val_if_fail (name != NULL, NULL);
  dot = strrchr (name, '.');
  short_name = dot ? dot + 1 : name;
  for (guint i = 0; i < G_N_ELEMENTS (equivalents); i++)
    if (g_str_equal (short_name, equivalents[i].ptolemy)
        && hyco_registry_lookup (equivalents[i].hyco) != G_TYPE_INVALID)
      return g_strdup_printf ("\"%s\"", equivalents[i].hyco);

  /* A quarter of the name may be wrong, and at least two letters. */
  limit = MAX (2, (guint) strlen (short_name) / 4);
  list = hyco_registry_list ();
  for (guint i = 0; i < list->len; i++)
    best = MIN (best, edit_distance (short_name, list->pdata[i]));
  if (best > limit)
    return NULL;
  text = g_string_new (NULL);
  for (guint i = 0, found = 0; i < list->len && found < 3; i++)
    if (edit_distance (short_name, list->pdata[i]) == best)
      g_string_append_printf (text, "%s\"%s\"", found++ ? " or " : "", (char *) list->pdata[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
