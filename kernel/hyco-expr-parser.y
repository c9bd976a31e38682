/* hyco-expr-parser.y: the grammar of Ptolemy II's expression language, as Ptolemy's
 * documentation and models write it, with a hand-written lexer that counts positions from 1.
 *
 * Precedence, from the loosest: `c ? a : b` (its condition is at least an `||` expression;
 * unlike Ptolemy, a branch may be another `?:` without parentheses, as muparser allowed), `||`, `&&`, `|`, `#` (exclusive or), `&`, `==` `!=`, `<` `<=` `>` `>=`,
 * `<<` `>>` `>>>`, `+` `-`, `*` `/` `%`, `^`, then the prefix `-` `!` `~`, which apply to one
 * element, so that `-x^2` is `(-x)^2` as in Ptolemy. Comparisons do not chain.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

%code requires {
#include "hyco-expr-private.h"

typedef struct
{
  const char *text;
  const char *p;
  GPtrArray *names;
  ExprNode *root;
  GError *error;
  int token_position; /* of the token just read */
} ExprParser;
}

%code provides {
int hyco_expr_yylex (HYCO_EXPR_YYSTYPE *lvalp, ExprParser *parser);
}

%code {
#include <errno.h>
#include <math.h>
#include <string.h>

#include "hyco-kernel.h"
#include "hyco-value-private.h"

static void hyco_expr_yyerror (ExprParser *parser, const char *message);
static ExprNode *node_new (ExprKind kind, int position);
static GPtrArray *node_list_new (void);
static ExprNode *node_unary (int op, int position, ExprNode *operand);
static ExprNode *node_binary (ExprKind kind, int op, int position, ExprNode *left,
                              ExprNode *right);
static ExprNode *node_with_args (ExprNode *node, GPtrArray *args);
static int name_index (ExprParser *parser, const char *name);
static ExprNode *node_name (ExprParser *parser, char *name, int position);
static ExprNode *node_call (ExprParser *parser, char *name, int position, GPtrArray *args);
static void parser_fail (ExprParser *parser, int position, const char *format, ...)
  G_GNUC_PRINTF (3, 4);
}

%define api.pure full
%define api.prefix {hyco_expr_yy}
%define parse.error custom
%param {ExprParser *parser}

%union {
  ExprNode *node;
  GPtrArray *list;
  struct { char *name; int position; } id;
  int position;
}

%destructor { _hyco_expr_node_free ($$); } <node>
%destructor { g_ptr_array_unref ($$); } <list>
%destructor { g_free ($$.name); } <id>

%token <node> LITERAL "a literal"
%token <id> IDENTIFIER "a name"
%token <position> OR "||" AND "&&" EQ "==" NE "!=" LE "<=" GE ">=" SHL "<<" SHR ">>"
%token <position> USHR ">>>"
%token <position> '?' ':' '|' '#' '&' '<' '>' '+' '-' '*' '/' '%' '^' '!' '~' '.' '(' ')'
%token <position> '{' '}' ',' '='
%token HYCO_EXPR_YYEOF 0 "the end of the expression"

%type <node> expr or_expr and_expr bit_or bit_xor bit_and equality relation shift sum term
%type <node> power unary element primary
%type <list> args arg_list fields

%%

start: expr { parser->root = $1; }
     ;

expr: or_expr
    | or_expr '?' expr ':' expr
      {
        $$ = node_new (EXPR_IF, $1->position);
        $$->n_args = 3;
        $$->args = g_new (ExprNode *, 3);
        $$->args[0] = $1;
        $$->args[1] = $3;
        $$->args[2] = $5;
      }
    ;

or_expr: and_expr
       | or_expr OR and_expr { $$ = node_binary (EXPR_OR, 0, $2, $1, $3); }
       ;

and_expr: bit_or
        | and_expr AND bit_or { $$ = node_binary (EXPR_AND, 0, $2, $1, $3); }
        ;

bit_or: bit_xor
      | bit_or '|' bit_xor { $$ = node_binary (EXPR_BINARY, OP_BITWISE_OR, $2, $1, $3); }
      ;

bit_xor: bit_and
       | bit_xor '#' bit_and { $$ = node_binary (EXPR_BINARY, OP_BITWISE_XOR, $2, $1, $3); }
       ;

bit_and: equality
       | bit_and '&' equality { $$ = node_binary (EXPR_BINARY, OP_BITWISE_AND, $2, $1, $3); }
       ;

equality: relation
        | relation EQ relation { $$ = node_binary (EXPR_BINARY, OP_EQUAL, $2, $1, $3); }
        | relation NE relation { $$ = node_binary (EXPR_BINARY, OP_NOT_EQUAL, $2, $1, $3); }
        ;

relation: shift
        | shift '<' shift { $$ = node_binary (EXPR_BINARY, OP_LESS, $2, $1, $3); }
        | shift LE shift { $$ = node_binary (EXPR_BINARY, OP_LESS_EQUAL, $2, $1, $3); }
        | shift '>' shift { $$ = node_binary (EXPR_BINARY, OP_GREATER, $2, $1, $3); }
        | shift GE shift { $$ = node_binary (EXPR_BINARY, OP_GREATER_EQUAL, $2, $1, $3); }
        ;

shift: sum
     | sum SHL sum { $$ = node_binary (EXPR_BINARY, OP_SHIFT_LEFT, $2, $1, $3); }
     | sum SHR sum { $$ = node_binary (EXPR_BINARY, OP_SHIFT_RIGHT, $2, $1, $3); }
     | sum USHR sum { $$ = node_binary (EXPR_BINARY, OP_SHIFT_RIGHT_UNSIGNED, $2, $1, $3); }
     ;

sum: term
   | sum '+' term { $$ = node_binary (EXPR_BINARY, OP_ADD, $2, $1, $3); }
   | sum '-' term { $$ = node_binary (EXPR_BINARY, OP_SUBTRACT, $2, $1, $3); }
   ;

term: power
    | term '*' power { $$ = node_binary (EXPR_BINARY, OP_MULTIPLY, $2, $1, $3); }
    | term '/' power { $$ = node_binary (EXPR_BINARY, OP_DIVIDE, $2, $1, $3); }
    | term '%' power { $$ = node_binary (EXPR_BINARY, OP_MODULO, $2, $1, $3); }
    ;

power: unary
     | power '^' unary { $$ = node_binary (EXPR_BINARY, OP_POWER, $2, $1, $3); }
     ;

unary: element
     | '-' element { $$ = node_unary (OP_SUBTRACT, $1, $2); }
     | '!' element { $$ = node_unary (OP_NOT, $1, $2); }
     | '~' element { $$ = node_unary (OP_BITWISE_NOT, $1, $2); }
     ;

/* Left-recursive, so that fields and methods chain: r.a.b, s.toString().length(). */
element: primary
       | element '.' IDENTIFIER
         {
           GPtrArray *operand = node_list_new ();

           g_ptr_array_add (operand, $1);
           $$ = node_new (EXPR_METHOD, $1->position);
           $$->name = $3.name;
           $$ = node_with_args ($$, operand);
         }
       | element '.' IDENTIFIER '(' args ')'
         {
           $$ = node_new (EXPR_METHOD, $1->position);
           $$->name = $3.name;
           $$->method_call = TRUE;
           g_ptr_array_insert ($5, 0, $1);
           $$ = node_with_args ($$, $5);
         }
       ;

primary: LITERAL
       | '(' expr ')' { $$ = $2; }
       | '{' '}'
         {
           $$ = node_new (EXPR_CONSTANT, $1);
           _hyco_value_init_array (&$$->constant, 0);
         }
       | '{' arg_list '}' { $$ = node_with_args (node_new (EXPR_ARRAY, $1), $2); }
       | '{' fields '}'
         {
           GPtrArray *labels = g_ptr_array_new ();

           $$ = node_new (EXPR_RECORD, $1);
           /* fields alternates labels (as EXPR_NAME nodes) and values. */
           for (guint i = 0; i < $2->len; i += 2)
             {
               ExprNode *label = $2->pdata[i];

               g_ptr_array_add (labels, g_steal_pointer (&label->name));
               _hyco_expr_node_free (label);
               $2->pdata[i / 2] = $2->pdata[i + 1];
             }
           /* The values moved down; the labels' nodes are freed: drop both without freeing. */
           g_ptr_array_set_free_func ($2, NULL);
           g_ptr_array_set_size ($2, $2->len / 2);
           g_ptr_array_add (labels, NULL);
           $$->labels = (char **) g_ptr_array_free (labels, FALSE);
           $$ = node_with_args ($$, $2);
         }
       | IDENTIFIER '('
         {
           /* Name the variable now, so that names are listed in the order they appear. */
           if (!_hyco_expr_is_function ($1.name))
             name_index (parser, $1.name);
         }
         args ')' { $$ = node_call (parser, $1.name, $1.position, $4); }
       | IDENTIFIER { $$ = node_name (parser, $1.name, $1.position); }
       ;

args: %empty { $$ = node_list_new (); }
    | arg_list
    ;

arg_list: expr { $$ = node_list_new (); g_ptr_array_add ($$, $1); }
        | arg_list ',' expr { $$ = $1; g_ptr_array_add ($$, $3); }
        ;

fields: IDENTIFIER '=' expr
        {
          ExprNode *label = node_new (EXPR_NAME, $1.position);

          label->name = $1.name;
          $$ = node_list_new ();
          g_ptr_array_add ($$, label);
          g_ptr_array_add ($$, $3);
        }
      | fields ',' IDENTIFIER '=' expr
        {
          ExprNode *label = node_new (EXPR_NAME, $3.position);

          label->name = $3.name;
          $$ = $1;
          g_ptr_array_add ($$, label);
          g_ptr_array_add ($$, $5);
        }
      ;

%%

static ExprNode *
node_new (ExprKind kind, int position)
{
  ExprNode *node = g_new0 (ExprNode, 1);

  node->kind = kind;
  node->position = position;
  node->variable = -1;
  return node;
}

static GPtrArray *
node_list_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) _hyco_expr_node_free);
}

void
_hyco_expr_node_free (ExprNode *node)
{
  if (node == NULL)
    return;
  for (guint i = 0; i < node->n_args; i++)
    _hyco_expr_node_free (node->args[i]);
  g_free (node->args);
  g_strfreev (node->labels);
  g_free (node->name);
  hyco_value_clear (&node->constant);
  g_free (node);
}

static ExprNode *
node_with_args (ExprNode *node, GPtrArray *args)
{
  node->n_args = args->len;
  node->args = (ExprNode **) g_ptr_array_free (args, FALSE);
  return node;
}

static ExprNode *
node_unary (int op, int position, ExprNode *operand)
{
  ExprNode *node = node_new (EXPR_UNARY, position);

  node->op = op;
  node->n_args = 1;
  node->args = g_new (ExprNode *, 1);
  node->args[0] = operand;
  return node;
}

static ExprNode *
node_binary (ExprKind kind, int op, int position, ExprNode *left, ExprNode *right)
{
  /* At the operator, where an error in applying it is reported. */
  ExprNode *node = node_new (kind, position);

  node->op = op;
  node->n_args = 2;
  node->args = g_new (ExprNode *, 2);
  node->args[0] = left;
  node->args[1] = right;
  return node;
}

static int
name_index (ExprParser *parser, const char *name)
{
  guint index;

  if (!g_ptr_array_find_with_equal_func (parser->names, name, g_str_equal, &index))
    {
      index = parser->names->len;
      g_ptr_array_add (parser->names, g_strdup (name));
    }
  return (int) index;
}

/* A name is a variable unless it is a constant that no scope may redefine. */
static ExprNode *
node_name (ExprParser *parser, char *name, int position)
{
  ExprNode *node;

  if (_hyco_expr_is_fixed_constant (name))
    {
      node = node_new (EXPR_CONSTANT, position);
      _hyco_expr_lookup_constant (name, &node->constant);
      g_free (name);
      return node;
    }
  node = node_new (EXPR_NAME, position);
  node->name = name;
  node->variable = name_index (parser, name);
  return node;
}

/* `f(x)` calls the built-in function f; any other name called so is a variable whose array
 * is indexed, as Ptolemy reads `a(i)`. */
static ExprNode *
node_call (ExprParser *parser, char *name, int position, GPtrArray *args)
{
  ExprNode *node = node_new (EXPR_CALL, position);

  node->name = name;
  node->op = _hyco_expr_function_index (name);
  if (node->op == 0)
    node->variable = name_index (parser, name);
  return node_with_args (node, args);
}

static void
parser_fail (ExprParser *parser, int position, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (parser->error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (&parser->error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_SYNTAX,
               "in \"%s\" at position %d: %s", parser->text, position, message);
}

static void
hyco_expr_yyerror (ExprParser *parser, const char *message)
{
  parser_fail (parser, parser->token_position, "%s", message);
}

/* "unexpected ')'", or "the expression ends too early", with what could have come instead
 * when that is short enough to help. */
static int
yyreport_syntax_error (const yypcontext_t *context, ExprParser *parser)
{
  yysymbol_kind_t unexpected = yypcontext_token (context);
  yysymbol_kind_t expected[6];
  int n = yypcontext_expected_tokens (context, expected, G_N_ELEMENTS (expected));
  g_autoptr (GString) message = g_string_new (NULL);

  if (unexpected == YYSYMBOL_YYEOF)
    g_string_append (message, "the expression ends too early");
  else
    {
      int length = 1;
      const char *start = parser->text + parser->token_position - 1;

      if (unexpected == YYSYMBOL_IDENTIFIER || unexpected == YYSYMBOL_LITERAL)
        length = (int) (parser->p - start);
      else if (parser->p > start)
        length = (int) (parser->p - start);
      g_string_append_printf (message, "unexpected \"%.*s\"", length, start);
    }
  if (n > 0 && n <= 4)
    {
      g_string_append (message, ", expected ");
      for (int i = 0; i < n; i++)
        g_string_append_printf (message, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
                                yysymbol_name (expected[i]));
    }
  parser_fail (parser, parser->token_position, "%s", message->str);
  return 0;
}

/* ---- The lexer ---- */

static gboolean
is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$' || c == '@';
}

/* A string literal between double or single quotes, with Java's escapes: \n \t \b \r \f \\
 * \' \" and octal \0 to \377. */
static int
lex_string (HYCO_EXPR_YYSTYPE *lvalp, ExprParser *parser)
{
  const char quote = *parser->p;
  g_autoptr (GString) out = g_string_new (NULL);
  const char *p = parser->p + 1;

  for (; *p != quote; p++)
    {
      if (*p == '\0' || *p == '\n' || *p == '\r')
        {
          parser_fail (parser, parser->token_position, "the string has no closing %s",
                       quote == '"' ? "double quote" : "quote");
          return HYCO_EXPR_YYerror;
        }
      if (*p != '\\')
        {
          g_string_append_c (out, *p);
          continue;
        }
      p++;
      switch (*p)
        {
        case 'n': g_string_append_c (out, '\n'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'b': g_string_append_c (out, '\b'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case '\\': case '\'': case '"': g_string_append_c (out, *p); break;
        default:
          if (*p >= '0' && *p <= '7')
            {
              int code = 0, digits = 0;
              int max_digits = *p <= '3' ? 3 : 2;

              for (; digits < max_digits && *p >= '0' && *p <= '7'; digits++, p++)
                code = code * 8 + (*p - '0');
              p--;
              g_string_append_unichar (out, (gunichar) code);
              break;
            }
          parser_fail (parser, (int) (p - parser->text),
                       "unknown escape \"\\%c\" in a string; use \\\" \\\\ \\n \\t \\r \\b \\f "
                       "\\' or an octal code", *p ? *p : ' ');
          return HYCO_EXPR_YYerror;
        }
    }
  if (!g_utf8_validate_len (out->str, out->len, NULL))
    {
      parser_fail (parser, parser->token_position, "the string is not valid UTF-8");
      return HYCO_EXPR_YYerror;
    }
  parser->p = p + 1;
  lvalp->node = node_new (EXPR_CONSTANT, parser->token_position);
  hyco_value_set_string (&lvalp->node->constant, out->str);
  return LITERAL;
}

/* Numbers as Ptolemy writes them: 12 (an int; 012 is octal, 0x1F hexadecimal, 12L a long,
 * which is an int here too), 1.5, .5, 1e3, 1.5e-3, 2d and 2f (doubles). */
static int
lex_number (HYCO_EXPR_YYSTYPE *lvalp, ExprParser *parser)
{
  const char *start = parser->p, *p = start;
  gboolean is_double = FALSE;
  ExprNode *node;

  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && g_ascii_isxdigit (p[2]))
    {
      for (p += 2; g_ascii_isxdigit (*p); p++)
        ;
    }
  else
    {
      while (g_ascii_isdigit (*p))
        p++;
      /* "1." is a double unless a method name follows: {1, 2}.length() is not "2." */
      if (*p == '.' && !is_name_start (p[1]))
        {
          is_double = TRUE;
          for (p++; g_ascii_isdigit (*p); p++)
            ;
        }
      if ((*p == 'e' || *p == 'E')
          && (g_ascii_isdigit (p[1])
              || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
        {
          is_double = TRUE;
          for (p += 2; g_ascii_isdigit (*p); p++)
            ;
        }
    }

  node = node_new (EXPR_CONSTANT, parser->token_position);
  if (is_double || *p == 'd' || *p == 'D' || *p == 'f' || *p == 'F')
    {
      g_autofree char *digits = g_strndup (start, (gsize) (p - start));
      double d;

      errno = 0;
      d = g_ascii_strtod (digits, NULL);
      if (errno == ERANGE && isinf (d))
        {
          parser_fail (parser, parser->token_position,
                       "%s is too large for a double (write Infinity if that is intended)",
                       digits);
          _hyco_expr_node_free (node);
          return HYCO_EXPR_YYerror;
        }
      if (*p == 'd' || *p == 'D' || *p == 'f' || *p == 'F')
        p++;
      hyco_value_set_double (&node->constant, d);
    }
  else
    {
      g_autofree char *digits = g_strndup (start, (gsize) (p - start));
      int base = digits[0] == '0' && digits[1] != '\0' ? (digits[1] == 'x' || digits[1] == 'X' ? 16 : 8) : 10;
      guint64 magnitude;
      char *end = NULL;

      errno = 0;
      magnitude = g_ascii_strtoull (digits, &end, base);
      if (*end != '\0')
        {
          parser_fail (parser, parser->token_position,
                       "%s is not an octal number (a number starting with 0 is octal)", digits);
          _hyco_expr_node_free (node);
          return HYCO_EXPR_YYerror;
        }
      if (errno == ERANGE || magnitude > (guint64) G_MAXINT64)
        {
          parser_fail (parser, parser->token_position,
                       "%s does not fit in a 64-bit int (write %s.0 for a double)", digits,
                       digits);
          _hyco_expr_node_free (node);
          return HYCO_EXPR_YYerror;
        }
      if (*p == 'l' || *p == 'L')
        p++;
      else if ((p[0] == 'u' || p[0] == 'U') && (p[1] == 'b' || p[1] == 'B'))
        p += 2;
      hyco_value_set_int (&node->constant, (gint64) magnitude);
    }
  if (is_name_char (*p))
    {
      parser_fail (parser, parser->token_position,
                   is_double && (*p == 'i' || *p == 'j')
                     ? "complex numbers are not supported"
                     : "a number cannot be followed by a letter");
      _hyco_expr_node_free (node);
      return HYCO_EXPR_YYerror;
    }
  parser->p = p;
  lvalp->node = node;
  return LITERAL;
}

int
hyco_expr_yylex (HYCO_EXPR_YYSTYPE *lvalp, ExprParser *parser)
{
  static const struct
  {
    const char *text;
    int token;
  } operators[] = {
    { ">>>", USHR }, { "||", OR }, { "&&", AND }, { "==", EQ }, { "!=", NE },
    { "<=", LE },    { ">=", GE }, { "<<", SHL }, { ">>", SHR },
  };
  const char *p = parser->p;

  while (g_ascii_isspace (*p))
    p++;
  parser->p = p;
  parser->token_position = (int) (p - parser->text) + 1;
  lvalp->position = parser->token_position;
  if (*p == '\0')
    return HYCO_EXPR_YYEOF;
  if (*p == '"' || *p == '\'')
    return lex_string (lvalp, parser);
  if (g_ascii_isdigit (*p) || (*p == '.' && g_ascii_isdigit (p[1])))
    return lex_number (lvalp, parser);
  if (is_name_start (*p))
    {
      const char *end = p + 1;
      g_autofree char *name = NULL;

      while (is_name_char (*end))
        end++;
      name = g_strndup (p, (gsize) (end - p));
      parser->p = end;
      if (g_str_equal (name, "true") || g_str_equal (name, "false") || g_str_equal (name, "TRUE")
          || g_str_equal (name, "FALSE") || g_str_equal (name, "True")
          || g_str_equal (name, "False"))
        {
          lvalp->node = node_new (EXPR_CONSTANT, parser->token_position);
          hyco_value_set_boolean (&lvalp->node->constant, g_ascii_tolower (name[0]) == 't');
          return LITERAL;
        }
      lvalp->id.name = g_steal_pointer (&name);
      lvalp->id.position = parser->token_position;
      return IDENTIFIER;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (operators); i++)
    if (g_str_has_prefix (p, operators[i].text))
      {
        parser->p = p + strlen (operators[i].text);
        return operators[i].token;
      }
  if (strchr ("?:|#&<>+-*/%^!~.(){},=", *p) != NULL)
    {
      parser->p = p + 1;
      return *p;
    }
  parser->p = p + 1;
  if ((guchar) *p >= 0x80)
    parser_fail (parser, parser->token_position, "unexpected character");
  else
    parser_fail (parser, parser->token_position, "unexpected character \"%c\"", *p);
  return HYCO_EXPR_YYerror;
}

ExprNode *
_hyco_expr_parse (const char *text, GPtrArray *names, GError **error)
{
  ExprParser parser = { text, text, names, NULL, NULL, 1 };

  if (hyco_expr_yyparse (&parser) != 0 || parser.error != NULL)
    {
      _hyco_expr_node_free (parser.root);
      if (parser.error == NULL)
        parser_fail (&parser, parser.token_position, "the expression cannot be parsed");
      g_propagate_error (error, parser.error);
      return NULL;
    }
  return parser.root;
}
