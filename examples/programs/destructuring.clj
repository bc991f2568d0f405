;; Destructuring: pulling fields out of maps and vectors without get/nth chains.
;;
;;   ptc eval examples/programs/destructuring.clj --show-output

(def people
  [{:name "Ada" :langs ["lisp" "c"] :address {:city "London" :zip "N1"}}
   {:name "Grace" :langs ["cobol"] :address {:city "Arlington"} :title "Rear Admiral"}
   {:name "Alan" :langs [] :address {}}])

;; Map destructuring with :keys, nested maps, defaults (:or) and the whole value (:as).
(defn describe [{:keys [name title] :or {title "Dr."} {:keys [city] :or {city "?"}} :address :as person}]
  (str title " " name " (" city ", " (count (keys person)) " fields)"))

(doseq [p people] (println (describe p)))

;; Vector destructuring: first items, the rest (&), and nesting.
(defn first-and-rest [[primary & others]]
  {:primary primary :others (vec others)})

(println (map (comp first-and-rest :langs) people))

;; Destructuring in let, over map entries (as from group-by / frequencies).
(let [by-initial (group-by #(subs (:name %) 0 1) people)
      summary (for [[initial group] by-initial] [initial (mapv :name group)])
      [[first-initial first-names] & _] summary]
  {:summary (into {} summary)
   :first-initial first-initial
   :first-names first-names})
